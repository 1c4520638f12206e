import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { AuditLogEntry } from '../../../schemas/auditLog.js';
import { auditChanges, auditValueText } from '../../common/auditChanges.js';
import { Fact, FactList, RecordDrawer } from '../resources/RecordDrawer.js';
import { ChangesTable } from './ChangesTable.js';
import { ActionCode, CodeCaption, PersonText } from './AuditParts.js';
import { DateTimeCell } from '../resources/DateTimeCell.js';
import { AUDIT_LOG_PATH, targetText, whoDid } from './auditLogRules.js';

/** A link that lists the entries of a filter (the list reads `filter` from the address). */
function filterPath(filter: Record<string, unknown>): string {
  return `${AUDIT_LOG_PATH}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}

function OtherDetails({ other }: { other: Record<string, unknown> }) {
  const translate = useTranslate();
  const entries = Object.entries(other);
  if (!entries.length) return null;
  return (
    <Box component="section" aria-labelledby="audit-other-details" sx={{ mt: 3 }}>
      <Typography id="audit-other-details" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('auditLog.detail.other')}
      </Typography>
      <FactList rowGap={0.75}>
        {entries.map(([key, value]) => (
          <Fact key={key} label={key}>
            {value !== null && typeof value === 'object' && !Array.isArray(value) ? (
              <Box
                component="pre"
                sx={{ m: 0, fontFamily: 'monospace', fontSize: '0.8rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {JSON.stringify(value, null, 2)}
              </Box>
            ) : (
              auditValueText(value) || '—'
            )}
          </Fact>
        ))}
      </FactList>
    </Box>
  );
}

function EntryBody({ entry }: { entry: AuditLogEntry }) {
  const translate = useTranslate();
  const { person, actingAs } = whoDid(entry);
  const { changes, other } = auditChanges(entry.details);
  const target = targetText(translate, entry);
  return (
    <>
      <FactList>
        <Fact label={translate('auditLog.detail.what')}>
          <ActionCode action={entry.action} />
        </Fact>
        <Fact label={translate('auditLog.detail.who')}>
          <PersonText person={person} strong />
        </Fact>
        {actingAs && (
          <Fact label={translate('auditLog.detail.actingAs')}>
            <PersonText person={actingAs} />
          </Fact>
        )}
        {entry.apiKeyPrefix !== null && (
          <Fact label={translate('auditLog.detail.apiKey')}>
            {entry.apiKeyName} <CodeCaption code={entry.apiKeyPrefix} />
          </Fact>
        )}
        <Fact label={translate('auditLog.detail.record')}>
          {target || '—'}
          {entry.targetType && <CodeCaption code={entry.targetType} />}
        </Fact>
        <Fact label={translate('auditLog.detail.when')}>
          <DateTimeCell iso={entry.occurredAt} seconds />
        </Fact>
        <Fact label={translate('auditLog.detail.from')}>
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {entry.ip ?? '—'}
          </Box>
        </Fact>
      </FactList>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
        {person?.id !== null && person?.id !== undefined && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<FilterAltIcon />}
            component={RouterLink}
            to={filterPath(actingAs ? { impersonatorUserId: person.id } : { actorUserId: person.id })}
          >
            {translate('auditLog.detail.byPerson')}
          </Button>
        )}
        {entry.targetType && entry.targetId && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<FilterAltIcon />}
            component={RouterLink}
            to={filterPath({ targetType: entry.targetType, targetId: entry.targetId })}
          >
            {translate('auditLog.detail.forRecord')}
          </Button>
        )}
      </Box>
      <Divider sx={{ my: 2 }} />
      <Box component="section" aria-labelledby="audit-changes">
        <Typography id="audit-changes" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('auditLog.detail.changes')}
        </Typography>
        {changes.length ? (
          <ChangesTable changes={changes} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('auditLog.detail.noChanges')}
          </Typography>
        )}
      </Box>
      <OtherDetails other={other} />
    </>
  );
}

/** The entry the address names (/audit-log/:id), in a drawer on the right (full width on phones). */
export function AuditEntryDrawer() {
  const translate = useTranslate();
  return (
    <RecordDrawer<AuditLogEntry>
      resource="auditLog"
      basePath={AUDIT_LOG_PATH}
      width={640}
      testId="audit-entry"
      title={(id) => translate('auditLog.detail.title', { id: id ?? '' })}
      texts={{
        close: translate('auditLog.detail.close'),
        loading: translate('auditLog.loading'),
        loadError: translate('auditLog.detail.loadError'),
      }}
    >
      {(entry) => <EntryBody entry={entry} />}
    </RecordDrawer>
  );
}
