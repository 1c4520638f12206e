import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { useWatch } from 'react-hook-form';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { changeRequestInputSchema, changeRequestUi, type ChangeRequest, type ChangeRequestField } from '../../../schemas/msa.js';
import type { SiteDetail } from '../../../schemas/sites.js';
import type { SchemaFormSlot } from '../forms/SchemaForm.js';
import { SchemaInput } from '../forms/SchemaInput.js';
import type { LaidOutField } from '../forms/schemaLayout.js';
import { ResourceDialog } from '../resources/ResourceDialog.js';
import { STATUS_COLORS } from '../resources/siteStatus.js';
import { formatInZone } from '../resources/zonedTime.js';
import { changeRequestInput } from './msaRules.js';

const STATUS_COLOR = { pending: 'warning', done: 'success', declined: 'default', withdrawn: 'default' } as const;

const CHANGE_REQUESTS = 'msa/changeRequests';

/**
 * What only the dealer may change (/msa/account-info): the customer asks, the request
 * is sent to the dealer (the account's history) and listed here as pending until the dealer acts.
 */
export function ChangeRequests({ site }: { site: SiteDetail }) {
  const translate = useTranslate();
  const [language = 'en'] = useLocaleState();
  const [asking, setAsking] = useState(false);
  const t = (key: string, args?: Record<string, unknown>) => translate(`msa.accountInfo.${key}`, args);
  // The account's requests, in the server's order (an empty sort field).
  const requests = useGetList<ChangeRequest>(CHANGE_REQUESTS, {
    filter: { siteNum: site.siteNum },
    pagination: { page: 1, perPage: 50 },
    sort: { field: '', order: 'ASC' },
  });
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="h2" variant="h6">
            {t('requestsTitle')}
          </Typography>
          <Button variant="outlined" startIcon={<EditNoteIcon />} onClick={() => setAsking(true)}>
            {t('requestChange')}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('requestsHelp')}
        </Typography>
        {requests.error ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t('requestsFailed')}
          </Alert>
        ) : requests.data && requests.data.length > 0 ? (
          <List dense disablePadding sx={{ mt: 1 }}>
            {requests.data.map((r) => (
              <ListItem key={r.id} disableGutters divider sx={{ gap: 1, alignItems: 'flex-start' }}>
                <ListItemText
                  primary={`${t(`fields.${r.field}`)}: ${r.requestedValue}`}
                  secondary={
                    <>
                      {[formatInZone(r.createdAt, site.timeZone, language), r.note].filter(Boolean).join(' · ')}
                      {r.resolvedAt && (
                        // The dealer's answer (/change-requests): when, and their note.
                        <Box component="span" sx={{ display: 'block', color: 'text.primary' }}>
                          {t(r.resolutionNote ? 'dealerAnswerNote' : 'dealerAnswer', {
                            status: t(`status.${r.status}`),
                            time: formatInZone(r.resolvedAt, site.timeZone, language),
                            note: r.resolutionNote,
                          })}
                        </Box>
                      )}
                    </>
                  }
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
                <Chip
                  size="small"
                  color={STATUS_COLOR[r.status]}
                  label={t(`status.${r.status}`)}
                  // MUI's light warning under white text is 3:1; the portal's amber is 6:1 in both modes.
                  sx={r.status === 'pending' ? { bgcolor: STATUS_COLORS.onTest, color: '#fff' } : undefined}
                />
              </ListItem>
            ))}
          </List>
        ) : (
          requests.data && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t('noRequests')}
            </Typography>
          )
        )}
      </CardContent>
      {asking && <ChangeRequestDialog site={site} onClose={() => setAsking(false)} />}
    </Card>
  );
}

function currentValue(site: SiteDetail, field: ChangeRequestField, translate: (key: string) => string): string {
  switch (field) {
    case 'siteName':
      return site.siteName;
    case 'address':
      return site.addressDisplay;
    case 'siteType':
      return translate(`siteInfo.siteType.${site.siteType}`);
    case 'timeZone':
      return site.timeZone;
    default:
      return '';
  }
}

/** What should change, and what the account says of it now. */
function FieldInput({ field, site }: { field: LaidOutField; site: SiteDetail }) {
  const translate = useTranslate();
  const chosen = useWatch({ name: field.source }) as ChangeRequestField;
  const current = currentValue(site, chosen, translate);
  return (
    <SchemaInput
      schema={changeRequestInputSchema}
      source={field.source}
      label={field.label}
      optionLabel={field.optionLabel}
      helperText={current ? translate('msa.accountInfo.current', { value: current }) : undefined}
    />
  );
}

/** The customer asks the dealer for a change of the account shown: the schema's fields in changeRequestUi's layout. */
function ChangeRequestDialog({ site, onClose }: { site: SiteDetail; onClose: () => void }) {
  const slots = useMemo<Record<string, SchemaFormSlot>>(
    () => ({ changeField: (field) => <FieldInput field={field} site={site} /> }),
    [site],
  );
  return (
    <ResourceDialog
      resource={CHANGE_REQUESTS}
      access="msaAccount"
      target={{ mode: 'create' }}
      schema={changeRequestInputSchema}
      ui={changeRequestUi}
      slots={slots}
      defaults={{ siteNum: site.siteNum, field: 'address', requestedValue: '', note: '' }}
      transform={changeRequestInput}
      texts={{
        title: 'msa.accountInfo.requestTitle',
        submit: 'msa.accountInfo.send',
        cancel: 'accountEdits.cancel',
        explanation: 'msa.accountInfo.requestText',
        saved: 'msa.accountInfo.sent',
        saveError: 'msa.accountInfo.sendFailed',
        loadError: 'msa.accountInfo.requestsFailed',
      }}
      onClose={onClose}
    />
  );
}
