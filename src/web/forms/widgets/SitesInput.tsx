import { AutocompleteArrayInput, ReferenceArrayInput, useTranslate } from 'react-admin';
import type { SiteRecord } from '../../../../schemas/sites.js';
import type { LaidOutField } from '../schemaLayout.js';

const siteText = (site: SiteRecord | undefined) => (site ? `${site.siteName} (${site.siteNum})` : '');

/**
 * Accounts of the current account group (GET /api/sites) picked by name or number, kept as their
 * site numbers; none picked usually means all of them (the hint says so). The hint's `placeholder`
 * option is the empty input's text.
 */
export function SitesInput({ field }: { field: LaidOutField }) {
  const translate = useTranslate();
  const placeholder = field.options?.placeholder;
  return (
    <ReferenceArrayInput source={field.source} reference="sites" sort={{ field: 'siteName', order: 'ASC' }} perPage={25}>
      <AutocompleteArrayInput
        label={field.label}
        optionText={siteText}
        filterToQuery={(q: string) => (q ? { q: q.slice(0, 100) } : {})}
        helperText={field.hint ? translate(field.hint) : false}
        TextFieldProps={{ placeholder: typeof placeholder === 'string' ? translate(placeholder) : undefined }}
        fullWidth
        size="small"
      />
    </ReferenceArrayInput>
  );
}
