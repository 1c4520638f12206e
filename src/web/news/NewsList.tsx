import { BooleanInput, Datagrid, DateField, List, NumberField, SearchInput, TextField, useTranslate } from 'react-admin';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <BooleanInput key="includeExpired" source="includeExpired" alwaysOn />,
];

/** The news items, newest order first (SPEC §2 news setup, first cut). */
export function NewsList() {
  const translate = useTranslate();
  return (
    <List title={translate('news.setupTitle')} filters={filters} sort={{ field: 'order', order: 'DESC' }} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="title" />
        <TextField source="body" />
        <NumberField source="order" emptyText="-" />
        <DateField source="effectiveDate" showTime emptyText="-" />
        <DateField source="expirationDate" showTime emptyText="-" />
      </Datagrid>
    </List>
  );
}
