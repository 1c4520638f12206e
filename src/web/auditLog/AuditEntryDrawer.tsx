import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useGetOne, useTranslate } from 'react-admin';
import type { AuditLogEntry } from '../../../schemas/auditLog.js';
import { auditChanges, auditValueText } from '../../common/auditChanges.js';
import { slideOverTarget } from '../resources/slideOverRoute.js';
import { ChangesTable } from './ChangesTable.js';
import { ActionCode, OccurredAt, PersonText } from './AuditParts.js';
import { AUDIT_LOG_PATH, targetText, whoDid } from './auditLogRules.js';

/** A link that lists the entries of a filter (the list reads `filter` from the address). */
function filterPath(filter: Record<string, unknown>): string {
  return `${AUDIT_LOG_PATH}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ color: 'text.secondary', typography: 'body2', pt: 0.25 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, typography: 'body2', minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
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
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(96px, max-content) 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}>
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
      </Box>
    </Box>
  );
}

function EntryBody({ entry, titleId, onClose }: { entry: AuditLogEntry; titleId: string; onClose: () => void }) {
  const translate = useTranslate();
  const { person, actingAs } = whoDid(entry);
  const { changes, other } = auditChanges(entry.details);
  const target = targetText(entry);
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 3, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('auditLog.detail.title', { id: entry.id })}
        </Typography>
        <IconButton onClick={onClose} aria-label={translate('auditLog.detail.close')} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ px: 3, py: 2, overflowY: 'auto', flexGrow: 1 }}>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(96px, max-content) 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
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
          <Fact label={translate('auditLog.detail.record')}>{target || '—'}</Fact>
          <Fact label={translate('auditLog.detail.when')}>
            <OccurredAt iso={entry.occurredAt} />
          </Fact>
          <Fact label={translate('auditLog.detail.from')}>
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {entry.ip ?? '—'}
            </Box>
          </Fact>
        </Box>
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
      </Box>
    </>
  );
}

/** The entry the address names (/audit-log/:id), in a drawer on the right (full width on phones). */
export function AuditEntryDrawer() {
  const translate = useTranslate();
  const location = useLocation();
  const navigate = useNavigate();
  const titleId = useId();
  const target = slideOverTarget(location.pathname, AUDIT_LOG_PATH);
  const id = target?.mode === 'edit' && /^\d+$/.test(target.id) ? Number(target.id) : undefined;
  const { data, isPending, error } = useGetOne<AuditLogEntry>('auditLog', { id: id ?? 0 }, { enabled: id !== undefined });
  const close = () => navigate(`${AUDIT_LOG_PATH}${location.search}`);
  return (
    <Drawer
      anchor="right"
      open={id !== undefined}
      onClose={close}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 640 }, maxWidth: '100%', display: 'flex', flexDirection: 'column', backgroundImage: 'none' },
          role: 'dialog',
          'aria-labelledby': titleId,
        } as object,
      }}
    >
      <Box data-testid="audit-entry" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
        {id !== undefined && data ? (
          <EntryBody entry={data} titleId={titleId} onClose={close} />
        ) : (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', px: 3, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
              <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
                {translate('auditLog.detail.title', { id: id ?? '' })}
              </Typography>
              <IconButton onClick={close} aria-label={translate('auditLog.detail.close')} edge="end">
                <CloseIcon />
              </IconButton>
            </Box>
            {error ? (
              <Alert severity="error" sx={{ m: 3 }}>
                {translate('auditLog.detail.loadError')}
              </Alert>
            ) : (
              isPending && (
                <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
                  <CircularProgress aria-label={translate('auditLog.loading')} />
                </Box>
              )
            )}
          </>
        )}
      </Box>
    </Drawer>
  );
}
