import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';
import { newsItemInputSchema } from '../../../schemas/news.js';
import { CrossFieldValidation } from '../forms/CrossFieldValidation.js';
import { SchemaInput } from '../forms/SchemaInput.js';
import { DocumentInput } from './DocumentInput.js';
import { NewsItemIcon } from './newsVisuals.js';

type Choice = { id: string | number; name: string };

function IconOption({ choice }: { choice: Choice }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <NewsItemIcon icon={String(choice.id)} color={null} fontSize="small" />
      {choice.name}
    </Box>
  );
}

function ColorOption({ choice }: { choice: Choice }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <NewsItemIcon icon="newspaper-filled" color={String(choice.id)} fontSize="small" />
      {choice.name}
    </Box>
  );
}

/**
 * The news fields (SPEC §3 news item, §5 news), each drawn from the schema by
 * SchemaInput: required marks, length counters, the icon and colour options
 * and the messages included.
 */
export function NewsForm() {
  const translate = useTranslate();
  const schema = newsItemInputSchema;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <CrossFieldValidation schema={schema} />
      <SchemaInput schema={schema} source="title" />
      <SchemaInput schema={schema} source="body" multiline />
      <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <SchemaInput schema={schema} source="effectiveDate" />
        <SchemaInput schema={schema} source="expirationDate" />
      </Box>
      <SchemaInput schema={schema} source="order" />
      <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <SchemaInput
          schema={schema}
          source="icon"
          optionLabel={(value) => `news.icons.${value}`}
          optionText={(choice) => <IconOption choice={choice} />}
          emptyText={translate('news.setup.noIcon')}
        />
        <SchemaInput
          schema={schema}
          source="color"
          optionLabel={(value) => `news.colors.${value}`}
          optionText={(choice) => <ColorOption choice={choice} />}
          emptyText={translate('news.setup.noColor')}
        />
      </Box>
      <SchemaInput schema={schema} source="url" />
      <DocumentInput />
    </Box>
  );
}
