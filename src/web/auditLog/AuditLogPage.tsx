import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import LockIcon from '@mui/icons-material/Lock';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import {
  type Identifier,
  FilterButton,
  NullableBooleanInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useListContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { AUDIT_LOG_COUNT_CAP, type AuditLogEntry } from '../../../schemas/auditLog.js';
import { auditChanges, changesSummary } from '../../common/auditChanges.js';
import { ListEmpty, ListExportButton } from '../resources/ListStates.js';
import { dayRangeFilters, searchFilter } from '../resources/listFilters.js';
import { ResourceList, type Column } from '../resources/ResourceList.js';
import { ActionFilterInput } from './ActionFilterInput.js';
import { AuditEntryDrawer } from './AuditEntryDrawer.js';
import { ActionCode, PersonText } from './AuditParts.js';
import { DateTimeCell } from '../resources/DateTimeCell.js';
import { AUDIT_LOG_PATH, apiKeyText, auditExportUrl, targetText, targetTypeChoices, whoDid } from './auditLogRules.js';

const AUDIT_LOG = 'auditLog';

const FILTER_WIDTH = { width: { xs: '100%', sm: 200 } };

/** The search always shows; on a phone the other filters wait behind Add filter (six inputs would fill the screen). */
function auditFilters(translate: (key: string) => string, phone: boolean) {
  const alwaysOn = !phone;
  return [
    searchFilter('auditLog', translate),
    <ActionFilterInput
      key="action"
      source="action"
      label="auditLog.filters.action"
      alwaysOn={alwaysOn}
      sx={{ width: { xs: '100%', sm: 260 } }}
    />,
    <TextInput key="actor" source="actor" label="auditLog.filters.actor" alwaysOn={alwaysOn} helperText={false} sx={FILTER_WIDTH} />,
    <TargetTypeFilterInput key="targetType" source="targetType" alwaysOn={alwaysOn} />,
    ...dayRangeFilters('auditLog', { alwaysOn, sx: FILTER_WIDTH }),
    <TextInput key="targetId" source="targetId" label="auditLog.filters.targetId" helperText={false} sx={FILTER_WIDTH} />,
    <TextInput key="impersonator" source="impersonator" label="auditLog.filters.impersonator" helperText={false} sx={FILTER_WIDTH} />,
    <NullableBooleanInput
      key="impersonated"
      source="impersonated"
      label="auditLog.filters.impersonated"
      nullLabel="auditLog.filters.any"
      trueLabel="auditLog.filters.onlyImpersonated"
      falseLabel="auditLog.filters.notImpersonated"
      helperText={false}
      sx={{ width: { xs: '100%', sm: 220 } }}
    />,
  ];
}

/**
 * The record type filter: the types the portal writes, by name; a type only older entries hold
 * (reached by an entry's 'Entries for this record') is offered as its code while it is chosen.
 */
function TargetTypeFilterInput({ source }: { source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { filterValues } = useListContext();
  const chosen = typeof filterValues[source] === 'string' ? (filterValues[source] as string) : '';
  const choices = useMemo(() => {
    const known = targetTypeChoices(translate, locale);
    return chosen && !known.some((choice) => choice.id === chosen) ? [...known, { id: chosen, name: chosen }] : known;
  }, [translate, locale, chosen]);
  return (
    <SelectInput
      source={source}
      label="auditLog.filters.targetType"
      choices={choices}
      translateChoice={false}
      emptyText="auditLog.filters.any"
      helperText={false}
      size="small"
      sx={FILTER_WIDTH}
    />
  );
}

/** Who did it, acting as whom, and from which address (the table has no room for a column of its own beside the record). */
function Who({ entry, withAddress = false }: { entry: AuditLogEntry; withAddress?: boolean }) {
  const translate = useTranslate();
  const { person, actingAs } = whoDid(entry);
  const viaKey = apiKeyText(translate, entry);
  return (
    <Box sx={{ minWidth: 140 }}>
      <PersonText person={person} strong />
      {withAddress && entry.ip && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', fontFamily: 'monospace' }}>
          {translate('auditLog.fromAddress', { ip: entry.ip })}
        </Typography>
      )}
      {actingAs && (
        <Chip
          size="small"
          variant="outlined"
          color="warning"
          label={translate('auditLog.actingAs', {
            name: actingAs.username ?? translate('auditLog.deletedUser', { id: actingAs.id ?? '?' }),
          })}
          sx={{ mt: 0.5, maxWidth: '100%', '& .MuiChip-label': { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        />
      )}
      {viaKey && (
        <Chip
          size="small"
          variant="outlined"
          color="info"
          label={viaKey}
          sx={{ mt: 0.5, maxWidth: '100%', '& .MuiChip-label': { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        />
      )}
    </Box>
  );
}

function Changes({ entry }: { entry: AuditLogEntry }) {
  const translate = useTranslate();
  const { changes } = auditChanges(entry.details);
  if (!changes.length) return null;
  const summary = changesSummary(changes);
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      title={summary}
      sx={{ display: 'block', maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {translate('auditLog.changed', { smart_count: changes.length })}: {summary}
    </Typography>
  );
}

function What({ entry }: { entry: AuditLogEntry }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <ActionCode action={entry.action} />
      <Changes entry={entry} />
    </Box>
  );
}

/** A record's type and id; a long id (a session's UUID) cut short in the table, whole in its tooltip and the entry. */
function Target({ entry }: { entry: AuditLogEntry }) {
  const translate = useTranslate();
  const text = targetText(translate, entry);
  if (!text) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        —
      </Typography>
    );
  }
  const long = (entry.targetId ?? '').length > 16;
  return (
    <Box
      component="span"
      title={long ? text : undefined}
      sx={{ display: 'block', maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {text}
    </Box>
  );
}

/** The entry's number, a link that opens it (the table's keyboard way in). */
function EntryLink({ entry }: { entry: AuditLogEntry }) {
  const translate = useTranslate();
  const { search } = useLocation();
  return (
    <Box
      component={RouterLink}
      to={`${AUDIT_LOG_PATH}/${entry.id}${search}`}
      aria-label={translate('auditLog.openEntry', { id: entry.id })}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
      sx={{ color: 'primary.main', fontWeight: 600, whiteSpace: 'nowrap' }}
    >
      #{entry.id}
    </Box>
  );
}

const columns: Column<AuditLogEntry>[] = [
  { name: 'id', source: 'id', render: (e) => <EntryLink entry={e} /> },
  { name: 'occurredAt', source: 'occurredAt', render: (e) => <DateTimeCell iso={e.occurredAt} seconds /> },
  { name: 'who', render: (e) => <Who entry={e} withAddress /> },
  { name: 'what', render: (e) => <What entry={e} /> },
  { name: 'target', render: (e) => <Target entry={e} /> },
];

/** An entry on a phone; the card opens it. */
function AuditCard({ entry }: { entry: AuditLogEntry }) {
  const translate = useTranslate();
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <ActionCode action={entry.action} />
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          #{entry.id}
        </Typography>
      </Box>
      <Changes entry={entry} />
      <Box sx={{ display: 'flex', gap: 2, mt: 1, typography: 'body2', flexWrap: 'wrap' }}>
        <Who entry={entry} />
        <Box sx={{ color: 'text.secondary' }}>
          <DateTimeCell iso={entry.occurredAt} seconds />
        </Box>
      </Box>
      {(entry.targetType || entry.ip) && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1, overflowWrap: 'anywhere' }}>
          {[targetText(translate, entry), entry.ip].filter(Boolean).join(' · ')}
        </Typography>
      )}
    </>
  );
}

const AuditEmpty = () => <ListEmpty ns="auditLog" keys="nested" testId="audit-empty" icon={<HistoryEduIcon />} />;

/** The total stops at the count's cap: say so rather than show a number that is not the total. */
function CappedNotice() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { total } = useListContext<AuditLogEntry>();
  if (total !== AUDIT_LOG_COUNT_CAP) return null;
  return (
    <Alert severity="info" sx={{ m: phone ? 0 : 1, mb: 1 }}>
      {translate('auditLog.capped', { count: AUDIT_LOG_COUNT_CAP.toLocaleString() })}
    </Alert>
  );
}

/**
 * /audit-log (access table `auditLog`: application 1): every audit entry, newest
 * first; who did it and acting as whom, what, which record, before and after, when and from
 * where. Filters (search, action, user, record type, dates, and more behind Add filter), the
 * entry in a drawer (/audit-log/:id) with its before and after as a table, and the CSV export of
 * what the filters keep. Read-only: nothing here changes an entry.
 */
export function AuditLogPage() {
  const translate = useTranslate();
  const { search } = useLocation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const open = (id: Identifier) => `${AUDIT_LOG_PATH}/${id}${search}`;
  return (
    <ResourceList<AuditLogEntry>
      ns="auditLog"
      resource={AUDIT_LOG}
      header={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1, display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <LockIcon fontSize="inherit" aria-hidden />
          {translate('auditLog.appendOnly')}
        </Typography>
      }
      filters={auditFilters(translate, phone)}
      sort={{ field: 'occurredAt', order: 'DESC' }}
      disableSyncWithLocation={false}
      actions={
        <TopToolbar>
          <FilterButton />
          <ListExportButton resource={AUDIT_LOG} href={auditExportUrl} label={translate('auditLog.export.button')} />
        </TopToolbar>
      }
      notice={<CappedNotice />}
      columns={columns}
      rowClick={(id) => open(id)}
      card={(entry) => <AuditCard entry={entry} />}
      cardLink={(entry) => ({ to: open(entry.id), label: translate('auditLog.openEntry', { id: entry.id }) })}
      cardTestId="audit-card"
      empty={<AuditEmpty />}
      skeletonColumns={6}
    >
      <AuditEntryDrawer />
    </ResourceList>
  );
}
