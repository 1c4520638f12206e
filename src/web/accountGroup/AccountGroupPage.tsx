import { Fragment, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { AccountGroupSettings, AccountGroupSettingsInput } from '../../../schemas/accountGroup.js';
import { ACCOUNT_GROUP_LIMITS } from '../../../schemas/accountGroup.js';
import { groupSettingsProblems } from '../../common/accountGroupRules.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { clientMessage } from '../providers/errorMessages.js';
import { AddressFields } from './AddressFields.js';
import { timeZoneChoices, toForm, toInput, type AddressForm, type GroupForm } from './accountGroupForm.js';
import { LoadFailed } from '../resources/LoadFailed.js';

/** A card with a heading; `locked` marks the staff's fields. */
function Section({ title, locked, children }: { title: string; locked?: boolean; children: ReactNode }) {
  const translate = useTranslate();
  const id = `account-group-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography id={id} component="h2" variant="h6">
            {title}
          </Typography>
          {locked && (
            <Tooltip title={translate('accountGroup.page.staffOnly')}>
              <LockOutlined fontSize="small" color="action" aria-label={translate('accountGroup.page.staffOnly')} role="img" />
            </Tooltip>
          )}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** Read-only rows (the staff's fields): label and value side by side, values wrapping within the card. */
function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(96px, 40%) minmax(0, 1fr)', columnGap: 2, rowGap: 1.5 }}>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}

function Chips({ items, none }: { items: readonly string[]; none: string }) {
  if (items.length === 0) return <>{none}</>;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} component="span">
      {items.map((item) => (
        <Chip key={item} label={item} size="small" component="span" sx={{ maxWidth: '100%' }} />
      ))}
    </Stack>
  );
}

/** The address parts' messages of one address among the form's messages. */
function addressErrors(errors: Record<string, string>, prefix: string): Partial<Record<keyof AddressForm, string>> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(`${prefix}.`))
      .map(([key, message]) => [key.slice(prefix.length + 1), message]),
  );
}

/** The settings' cache: the save writes its answer there, so the page shows it without reading again. */
const ACCOUNT_GROUP_QUERY_KEY = ['accountGroup', 'settings'] as const;

function Editor({ group }: { group: AccountGroupSettings }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [form, setForm] = useState<GroupForm>(() => toForm(group));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (input: AccountGroupSettingsInput) => dataProvider.saveAccountGroupSettings(input),
    onSuccess: (saved) => {
      queryClient.setQueryData(ACCOUNT_GROUP_QUERY_KEY, saved);
      setErrors({});
      notify('accountGroup.page.saved', { type: 'success' });
    },
    onError: (error) => {
      const { message, fieldErrors } = clientMessage(error, 'ra.notification.http_error');
      if (fieldErrors) setErrors(fieldErrors);
      notify(message, { type: 'error' });
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = toInput(form);
    const problems = groupSettingsProblems(input);
    if (Object.keys(problems).length) {
      setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, translate(key)])));
      notify('validation.invalidForm', { type: 'error' });
      return;
    }
    save.mutate(input);
  };

  const text = (field: 'contactPhone' | 'contactEmail' | 'billingPhone' | 'billingEmail', type: 'tel' | 'email') => ({
    id: `account-group-${field}`,
    label: translate(`accountGroup.fields.${field}`),
    value: form[field],
    type,
    autoComplete: type === 'tel' ? 'tel' : 'email',
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value }),
    error: Boolean(errors[field]),
    helperText: errors[field],
    fullWidth: true,
    size: 'small' as const,
    slotProps: { htmlInput: { maxLength: type === 'tel' ? ACCOUNT_GROUP_LIMITS.phoneMax : ACCOUNT_GROUP_LIMITS.emailMax } },
  });
  const none = translate('accountGroup.page.none');
  const updated = group.updatedAt
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(group.updatedAt))
    : undefined;

  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Typography color="text.secondary">{translate('accountGroup.page.intro')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Section title={translate('accountGroup.sections.company')} locked>
          <Facts
            rows={[
              [translate('accountGroup.fields.siteGroupName'), group.siteGroupName],
              [translate('accountGroup.fields.dealerNumber'), group.dealerNumber],
              [translate('accountGroup.fields.siteGroupNum'), String(group.siteGroupNum)],
              [translate('accountGroup.fields.allowedDealers'), <Chips key="dealers" items={group.allowedDealers} none={none} />],
            ]}
          />
        </Section>
        <Section title={translate('accountGroup.sections.signIn')} locked>
          <Facts
            rows={[
              [translate('accountGroup.fields.teamDomain'), group.teamDomain ?? none],
              [translate('accountGroup.fields.ssoProviders'), <Chips key="sso" items={group.ssoProviders} none={none} />],
            ]}
          />
        </Section>
      </Box>
      <Box component="form" noValidate onSubmit={submit} aria-label={translate('shell.pages.accountGroup')}>
        <Stack spacing={2}>
          <Section title={translate('accountGroup.sections.contact')}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField {...text('contactPhone', 'tel')} />
              <TextField {...text('contactEmail', 'email')} />
              <TextField {...text('billingPhone', 'tel')} />
              <TextField {...text('billingEmail', 'email')} helperText={errors.billingEmail ?? translate('accountGroup.helpers.billing')} />
              <Autocomplete
                disableClearable
                options={timeZoneChoices(form.office.country, form.timeZone)}
                value={form.timeZone}
                onChange={(_event, timeZone) => setForm({ ...form, timeZone })}
                sx={{ gridColumn: { sm: '1 / -1' } }}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    id="account-group-timeZone"
                    size="small"
                    label={translate('accountGroup.fields.timeZone')}
                    error={Boolean(errors.timeZone)}
                    helperText={errors.timeZone ?? translate('accountGroup.helpers.timeZone')}
                  />
                )}
              />
            </Box>
          </Section>
          <Stack spacing={2}>
            <Section title={translate('accountGroup.sections.office')}>
              <AddressFields
                name="officeAddress"
                value={form.office}
                onChange={(office) => setForm({ ...form, office })}
                errors={addressErrors(errors, 'officeAddress')}
              />
            </Section>
            <Section title={translate('accountGroup.sections.mailing')}>
              <FormControlLabel
                sx={{ mb: form.mailingSameAsOffice ? 0 : 1 }}
                control={
                  <Checkbox
                    checked={form.mailingSameAsOffice}
                    onChange={(event) => setForm({ ...form, mailingSameAsOffice: event.target.checked })}
                  />
                }
                label={translate('accountGroup.page.sameAsOffice')}
              />
              {!form.mailingSameAsOffice && (
                <AddressFields
                  name="mailingAddress"
                  value={form.mailing}
                  onChange={(mailing) => setForm({ ...form, mailing })}
                  errors={addressErrors(errors, 'mailingAddress')}
                />
              )}
            </Section>
          </Stack>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {translate('accountGroup.page.save')}
            </Button>
            {updated && (
              <Typography variant="body2" color="text.secondary">
                {translate('accountGroup.page.updatedAt', { date: updated })}
              </Typography>
            )}
          </Stack>
        </Stack>
      </Box>
    </Stack>
  );
}

/**
 * /account-group/info (SPEC §3 dealer / account group, §6 xtAdmin 'Account Group
 * Settings'): the staff's fields shown with a lock, the dealer's own in a form.
 */
export function AccountGroupPage() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const query = useQuery({ queryKey: ACCOUNT_GROUP_QUERY_KEY, queryFn: () => dataProvider.accountGroupSettings() });
  // The screen's own message, whatever the server answered.
  if (query.isError)
    return (
      <LoadFailed error={undefined} messageKey="accountGroup.page.loadFailed" retryKey="accountGroup.page.retry" onRetry={query.refetch} />
    );
  if (!query.data) return <Skeleton variant="rounded" height={360} sx={{ maxWidth: 960 }} />;
  // A new answer (after a save) starts the form again from what is stored.
  return <Editor key={query.data.updatedAt ?? ''} group={query.data} />;
}
