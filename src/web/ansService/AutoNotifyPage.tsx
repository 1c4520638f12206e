import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import SendIcon from '@mui/icons-material/Send';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { BooleanInput, SelectInput, TextInput, useCanAccess, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { ANS_MESSAGE_KINDS, ANS_NOTIFY_CHANNELS, autoNotifyInputSchema, type AutoNotifyRule } from '../../../schemas/ansService.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { failureMessage } from '../providers/errorMessages.js';
import { lazySchemaValidator } from '../forms/lazySchemaValidator.js';
import { slideOverPath } from '../resources/slideOverRoute.js';
import { ListResults, type Column } from '../resources/ResourceList.js';
import { AnsEmpty, AnsRecordsPage } from './AnsList.js';
import { KindChip } from './AnsShared.js';
import { ANS_PATHS } from './ansPaths.js';
import { parseSiteNums } from './ansRules.js';

const RULES = 'autoNotify';
const BASE = ANS_PATHS.autoNotify;

const editPath = (rule: AutoNotifyRule) => slideOverPath(BASE, { mode: 'edit', id: String(rule.id) });

function RuleName({ rule }: { rule: AutoNotifyRule }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Box sx={{ fontWeight: 600 }}>{rule.name}</Box>
      {!rule.active && <Chip size="small" variant="outlined" label={translate('ansService.autoNotify.paused')} />}
    </Box>
  );
}

function RuleWhen({ rule }: { rule: AutoNotifyRule }) {
  const translate = useTranslate();
  const accounts = rule.siteNums.length
    ? translate('ansService.autoNotify.accounts', { smart_count: rule.siteNums.length })
    : translate('ansService.autoNotify.allAccounts');
  return (
    <>
      <KindChip kind={rule.kind} />
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {translate('ansService.autoNotify.summary', { kind: translate(`ansService.kinds.${rule.kind}`), accounts })}
      </Typography>
      {rule.siteNames.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          {rule.siteNames.join(', ')}
        </Typography>
      )}
    </>
  );
}

function RuleNotify({ rule }: { rule: AutoNotifyRule }) {
  const translate = useTranslate();
  return (
    <>
      <Box>
        {translate('ansService.autoNotify.notify', { person: rule.personName, channel: translate(`ansService.channels.${rule.channel}`) })}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {rule.destination}
      </Typography>
    </>
  );
}

function LastTest({ rule }: { rule: AutoNotifyRule }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!rule.lastTestAt) {
    return <Box component="span">{translate('ansService.autoNotify.neverTested')}</Box>;
  }
  return (
    <Box component="time" dateTime={rule.lastTestAt} sx={{ whiteSpace: 'nowrap' }}>
      {translate('ansService.autoNotify.testedAt', {
        time: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(rule.lastTestAt)),
      })}
    </Box>
  );
}

/** 'Send test': one message through the real mail or text path; what became of it in a notice. */
function TestButton({ rule }: { rule: AutoNotifyRule }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { canAccess } = useCanAccess({ resource: RULES, action: 'edit' });
  const [busy, setBusy] = useState(false);
  if (!canAccess) return null;
  const send = async () => {
    setBusy(true);
    try {
      const result = await dataProvider.testAutoNotifyRule(rule.id);
      const key = { sent: 'testSent', outboxOnly: 'testOutbox', failed: 'testFailed' }[result.status];
      notify(`ansService.autoNotify.${key}`, {
        type: result.status === 'failed' ? 'error' : 'success',
        messageArgs: { destination: rule.destination },
      });
    } catch (error) {
      notify(failureMessage(error, 'ansService.autoNotify.testError'), { type: 'error' });
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: [RULES] });
    }
  };
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<SendIcon />}
      disabled={busy}
      onClick={() => void send()}
      aria-label={translate('ansService.autoNotify.sendTestNamed', { name: rule.name })}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate('ansService.autoNotify.sendTest')}
    </Button>
  );
}

function EditButton({ rule, compact = false }: { rule: AutoNotifyRule; compact?: boolean }) {
  const translate = useTranslate();
  if (compact) {
    return (
      <Tooltip title={translate('ra.action.edit')}>
        <IconButton
          size="small"
          component={RouterLink}
          to={editPath(rule)}
          aria-label={translate('ansService.autoNotify.editNamed', { name: rule.name })}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Button
      size="small"
      component={RouterLink}
      to={editPath(rule)}
      startIcon={<EditIcon />}
      aria-label={translate('ansService.autoNotify.editNamed', { name: rule.name })}
    >
      {translate('ra.action.edit')}
    </Button>
  );
}

const columns: Column<AutoNotifyRule>[] = [
  { name: 'name', render: (r) => <RuleName rule={r} /> },
  {
    name: 'when',
    render: (r) => (
      <Box sx={{ minWidth: 180 }}>
        <RuleWhen rule={r} />
      </Box>
    ),
  },
  { name: 'notify', render: (r) => <RuleNotify rule={r} /> },
  {
    name: 'actions',
    render: (r) => (
      <>
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
          <TestButton rule={r} />
          <EditButton rule={r} compact />
        </Box>
        <Box sx={{ typography: 'caption', color: 'text.secondary', mt: 0.5 }}>
          <LastTest rule={r} />
        </Box>
      </>
    ),
  },
];

/** A rule on a phone. */
function RuleCard({ rule }: { rule: AutoNotifyRule }) {
  return (
    <>
      <RuleName rule={rule} />
      <Box sx={{ my: 1 }}>
        <RuleWhen rule={rule} />
      </Box>
      <Box sx={{ typography: 'body2', mb: 1 }}>
        <RuleNotify rule={rule} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ typography: 'caption', color: 'text.secondary', flexGrow: 1 }}>
          <LastTest rule={rule} />
        </Box>
        <TestButton rule={rule} />
        <EditButton rule={rule} />
      </Box>
    </>
  );
}

const PLACE = { area: 'autoNotify', resource: RULES, basePath: BASE } as const;

const RulesEmpty = () => <AnsEmpty {...PLACE} testId="auto-notify-empty" icon={<NotificationsActiveIcon />} />;

function RuleInputs() {
  const translate = useTranslate();
  return (
    <>
      <TextInput source="name" label="ansService.autoNotify.fields.name" fullWidth isRequired />
      <SelectInput
        source="kind"
        label="ansService.autoNotify.fields.kind"
        choices={['any', ...ANS_MESSAGE_KINDS].map((id) => ({ id, name: translate(`ansService.kinds.${id}`) }))}
        translateChoice={false}
        fullWidth
      />
      <TextInput
        source="siteNums"
        label="ansService.autoNotify.fields.siteNums"
        fullWidth
        format={(v: number[] | string | undefined) => (Array.isArray(v) ? v.join(', ') : (v ?? ''))}
        parse={(v: string) => v}
      />
      <TextInput source="personName" label="ansService.autoNotify.fields.personName" fullWidth isRequired />
      <SelectInput
        source="channel"
        label="ansService.autoNotify.fields.channel"
        choices={ANS_NOTIFY_CHANNELS.map((id) => ({ id, name: translate(`ansService.channels.${id}`) }))}
        translateChoice={false}
        fullWidth
      />
      <TextInput source="destination" label="ansService.autoNotify.fields.destination" fullWidth isRequired />
      <BooleanInput source="active" label="ansService.autoNotify.fields.active" />
    </>
  );
}

const pickInput = (values: Record<string, unknown>) => ({
  name: values.name,
  kind: values.kind,
  siteNums: Array.isArray(values.siteNums) ? values.siteNums : parseSiteNums(String(values.siteNums ?? '')),
  personName: values.personName,
  channel: values.channel,
  destination: values.destination,
  active: !!values.active,
});

const validateInput = lazySchemaValidator(autoNotifyInputSchema);
/** The form checks the account numbers as numbers (they are typed as text). */
const validateRule = (values: Record<string, unknown>) => validateInput(pickInput(values));

const DEFAULTS = { name: '', kind: 'emergency', siteNums: '', personName: '', channel: 'text', destination: '', active: true };

/**
 * /ans-service/auto-notify (`autoNotify`): rules 'when a message of kind K arrives for
 * accounts A, notify P by email or text', each with 'Send test' (through the real mail or text
 * path: the outbox, then SMTP or the SMS provider when configured), in the shared slide-over.
 */
export function AutoNotifyPage() {
  return (
    <AnsRecordsPage
      {...PLACE}
      empty={<RulesEmpty />}
      form={{ schema: autoNotifyInputSchema, defaults: DEFAULTS, transform: pickInput, validate: validateRule }}
      inputs={<RuleInputs />}
    >
      <ListResults<AutoNotifyRule>
        ns="ansService.autoNotify"
        columns={columns}
        card={(rule) => <RuleCard rule={rule} />}
        empty={<RulesEmpty />}
        skeletonColumns={5}
        skeletonRows={3}
      />
    </AnsRecordsPage>
  );
}
