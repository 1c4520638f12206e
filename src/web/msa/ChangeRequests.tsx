import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useGetList, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { CHANGE_REQUEST_FIELDS, CHANGE_REQUEST_LIMITS, type ChangeRequest, type ChangeRequestField } from '../../../schemas/msa.js';
import type { SiteDetail } from '../../../schemas/sites.js';
import { clientMessage } from '../providers/errorMessages.js';
import { STATUS_COLORS } from '../resources/siteStatus.js';
import { formatInZone } from '../resources/zonedTime.js';
import { FormDialog } from './FormDialog.js';

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

function ChangeRequestDialog({ site, onClose }: { site: SiteDetail; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [create] = useCreate<ChangeRequest>();
  const [field, setField] = useState<ChangeRequestField>('address');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const t = (key: string, args?: Record<string, unknown>) => translate(`msa.accountInfo.${key}`, args);
  const current = currentValue(site, field, translate);

  const submit = async () => {
    if (!value.trim()) return setErrors({ requestedValue: translate('validation.required') });
    setBusy(true);
    try {
      const data = { siteNum: site.siteNum, field, requestedValue: value.trim(), note: note.trim() || null };
      await create(CHANGE_REQUESTS, { data }, { returnPromise: true });
      await queryClient.invalidateQueries({ queryKey: [CHANGE_REQUESTS] });
      notify('msa.accountInfo.sent', { type: 'success' });
      onClose();
    } catch (error) {
      const { message, fieldErrors } = clientMessage(error, 'msa.accountInfo.sendFailed');
      setErrors(fieldErrors ?? {});
      setFailure(fieldErrors ? undefined : message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t('requestTitle')}
      submitLabel={t('send')}
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Typography variant="body2">{t('requestText')}</Typography>
      <TextField select label={t('field')} value={field} onChange={(e) => setField(e.target.value as ChangeRequestField)} fullWidth>
        {CHANGE_REQUEST_FIELDS.map((f) => (
          <MenuItem key={f} value={f}>
            {t(`fields.${f}`)}
          </MenuItem>
        ))}
      </TextField>
      {current && (
        <Typography variant="body2" color="text.secondary">
          {t('current', { value: current })}
        </Typography>
      )}
      <TextField
        label={t('requestedValue')}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setErrors({});
        }}
        required
        multiline
        minRows={2}
        error={Boolean(errors.requestedValue)}
        helperText={errors.requestedValue ? translate(errors.requestedValue) : undefined}
        slotProps={{ htmlInput: { maxLength: CHANGE_REQUEST_LIMITS.valueMax } }}
        fullWidth
      />
      <TextField
        label={t('note')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        error={Boolean(errors.note)}
        helperText={errors.note ? translate(errors.note) : t('noteHelp')}
        slotProps={{ htmlInput: { maxLength: CHANGE_REQUEST_LIMITS.noteMax } }}
        fullWidth
      />
    </FormDialog>
  );
}
