import { DateTimeInput, NumberInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { NEWS_COLORS, NEWS_ICONS, newsItemInputSchema } from '../../../schemas/news.js';
import { parseLocalDateTime } from '../forms/dateTime.js';
import { schemaValidator } from '../forms/schemaValidator.js';

const validate = schemaValidator(newsItemInputSchema);
const iconChoices = NEWS_ICONS.map((icon) => ({ id: icon, name: `news.icons.${icon}` }));
const colorChoices = NEWS_COLORS.map((color) => ({ id: color, name: `news.colors.${color}` }));

/** The news form, validated by the same schema as the API (SPEC §5 news). */
export function NewsForm() {
  return (
    <SimpleForm validate={validate}>
      <TextInput source="title" isRequired fullWidth />
      <TextInput source="body" isRequired multiline minRows={3} fullWidth />
      <DateTimeInput source="effectiveDate" parse={parseLocalDateTime} />
      <DateTimeInput source="expirationDate" parse={parseLocalDateTime} />
      <NumberInput source="order" />
      <SelectInput source="icon" choices={iconChoices} emptyText="-" />
      <SelectInput source="color" choices={colorChoices} emptyText="-" />
      <TextInput source="url" fullWidth />
    </SimpleForm>
  );
}
