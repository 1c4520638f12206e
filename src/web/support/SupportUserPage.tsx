import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import { Link as RouterLink } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import type { SupportUserDetail } from '../../../schemas/support.js';
import { APPLICATION } from '../../common/constants.js';
import { formatPhone } from '../../common/phoneFormat.js';
import { supportAccessEnd, type SupportActionDefinition } from '../../common/supportActions.js';
import { ImpersonateDialog, SupportActionDialog } from './SupportDialogs.js';
import { ApplicationName, Empty, Section, StatusChip, dealerLine } from './SupportParts.js';
import { useSupportUser } from './supportUser.js';
import { actionKeys, formatWhen, offeredActions } from './supportRules.js';
import { LoadFailed } from '../resources/LoadFailed.js';

/** How the page names a browser from its user agent ('Firefox on Windows'); the app passes /user-account's. */
export type DeviceName = (userAgent: string | null) => string;

function useT() {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const when = (iso: string | null | undefined) => formatWhen(iso, locale);
  return { translate, when, t: (key: string, args?: Record<string, unknown>) => translate(`support.user.${key}`, args) };
}

/** A term and its value, one row of the profile. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

function Header({
  user,
  onAction,
  onImpersonate,
}: {
  user: SupportUserDetail;
  onAction: (a: SupportActionDefinition) => void;
  onImpersonate: () => void;
}) {
  const { translate, t } = useT();
  const actions = offeredActions(user);
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {user.name}
              </Typography>
              <StatusChip status={user.status} />
            </Stack>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {user.username} · <ApplicationName applicationNum={user.applicationNum} />
              {dealerLine(user) && ` · ${dealerLine(user)}`}
            </Typography>
          </Box>
          {user.impersonation.available && (
            <Button variant="contained" startIcon={<SupervisorAccountIcon />} onClick={onImpersonate} sx={{ flexShrink: 0 }}>
              {translate('support.impersonate.button')}
            </Button>
          )}
        </Stack>
        <Box component="section" aria-label={t('actions.title')} sx={{ mt: 2 }}>
          {user.refusal ? (
            <Alert severity="info">{t(`refusal.${user.refusal}`)}</Alert>
          ) : actions.length ? (
            <>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {actions.map((action) => (
                  <Button key={action.id} variant="outlined" color={action.danger ? 'error' : 'primary'} onClick={() => onAction(action)}>
                    {translate(actionKeys(action.id).label)}
                  </Button>
                ))}
              </Stack>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                {t('actions.reasonNote')}
              </Typography>
            </>
          ) : (
            <Empty>{t('actions.none')}</Empty>
          )}
          {!user.impersonation.available && user.impersonation.refusal && user.impersonation.refusal !== 'self' && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate(`support.impersonate.refusal.${user.impersonation.refusal}`)}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

function ProfileSection({ user }: { user: SupportUserDetail }) {
  const { translate, t, when } = useT();
  const permissions = [...user.roles, ...user.flags];
  return (
    <Section title={t('profile.title')}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(7rem, max-content) 1fr' },
          columnGap: 2,
          rowGap: { xs: 0, sm: 0.75 },
          m: 0,
          '& dd': { mb: { xs: 1, sm: 0 } },
        }}
      >
        <Fact term={t('profile.username')}>{user.username}</Fact>
        <Fact term={t('profile.email')}>{user.email ?? '—'}</Fact>
        <Fact term={t('profile.phone')}>{user.phoneNumber ? formatPhone(user.phoneNumber) : '—'}</Fact>
        <Fact term={t('profile.application')}>
          <ApplicationName applicationNum={user.applicationNum} />
        </Fact>
        {dealerLine(user) && <Fact term={t('profile.dealer')}>{dealerLine(user)}</Fact>}
        <Fact term={t('profile.created')}>{when(user.createdAt)}</Fact>
        <Fact term={t('profile.lastSignIn')}>{when(user.lastSignInAt) || translate('support.never')}</Fact>
        {user.invitedAt && <Fact term={t('profile.invitedAt')}>{when(user.invitedAt)}</Fact>}
        {user.disabledAt && <Fact term={t('profile.disabledAt')}>{when(user.disabledAt)}</Fact>}
        <Fact term={t('profile.emailVerified')}>{user.emailVerified ? t('profile.yes') : t('profile.no')}</Fact>
        <Fact term={t('profile.permissions')}>
          {permissions.length || user.canEdit ? (
            <Stack direction="row" component="span" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              {permissions.map((name) => (
                <Chip key={name} size="small" label={translate(`users.permissions.${name}`, { _: name })} sx={{ maxWidth: '100%' }} />
              ))}
              {user.canEdit && <Chip size="small" label={t('profile.canEdit')} sx={{ maxWidth: '100%' }} />}
            </Stack>
          ) : (
            t('profile.noPermissions')
          )}
        </Fact>
      </Box>
    </Section>
  );
}

/** A list of the user's things, or the line saying there are none. */
function ListOr<T>({ items, none, children }: { items: readonly T[]; none: string; children: (item: T) => ReactNode }) {
  if (items.length === 0) return <Empty>{none}</Empty>;
  return (
    <List dense disablePadding>
      {items.map(children)}
    </List>
  );
}

/** One of them: its name (and a chip beside it), what is known of it beneath. */
function Row({ primary, chip, secondary }: { primary: ReactNode; chip?: ReactNode; secondary: ReactNode }) {
  return (
    <ListItem disableGutters>
      <ListItemText
        primary={
          <>
            {primary}
            {chip}
          </>
        }
        secondary={secondary}
      />
    </ListItem>
  );
}

/** Facts of a row, those known, in a line. */
const facts = (parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(', ');

const markChip = (label: string) => <Chip size="small" variant="outlined" label={label} sx={{ ml: 1 }} />;

function MembershipSection({ user }: { user: SupportUserDetail }) {
  const { t } = useT();
  // What the looked-at user belongs to decides the section's layout (links or account groups), not anyone's access.
  if (user.applicationNum === APPLICATION.customer) {
    return (
      <Section title={t('links.title')}>
        <ListOr items={user.linkedAccounts} none={t('links.none')}>
          {(link) => (
            <Row
              key={link.siteNum}
              primary={`${link.siteName} · ${link.siteNum}`}
              chip={link.isDefault && markChip(t('links.default'))}
              secondary={link.siteGroupName}
            />
          )}
        </ListOr>
      </Section>
    );
  }
  return (
    <Section title={t('groups.title')}>
      <ListOr items={user.accountGroups} none={t('groups.none')}>
        {(group) => (
          <Row
            key={group.siteGroupNum}
            primary={group.siteGroupName}
            chip={group.current && markChip(t('groups.current'))}
            secondary={t('groups.dealerNumber', { number: group.dealerNumber })}
          />
        )}
      </ListOr>
    </Section>
  );
}

function LoginSection({ user }: { user: SupportUserDetail }) {
  const { t } = useT();
  return (
    <Section title={t('requirements.title')}>
      {user.pendingRequirements.length === 0 ? (
        <Empty>{t('requirements.none')}</Empty>
      ) : (
        <List dense disablePadding sx={{ listStyle: 'disc', pl: 2.5 }}>
          {user.pendingRequirements.map((flag) => (
            <ListItem key={flag} disableGutters sx={{ display: 'list-item' }}>
              {t(`requirements.${flag}`)}
            </ListItem>
          ))}
        </List>
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 0.5 }}>
        {t('contacts.title')}
      </Typography>
      <ListOr items={user.contactMethods} none={t('contacts.none')}>
        {(contact) => (
          <Row
            key={contact.type}
            primary={contact.type === 'cellPhone' ? formatPhone(contact.value) : contact.value}
            secondary={`${t(`contacts.${contact.type}`)} · ${contact.verified ? t('contacts.verified') : t('contacts.unverified')}`}
          />
        )}
      </ListOr>
    </Section>
  );
}

const ATTEMPTS_SHOWN = 8;
const ATTEMPT_COLOR = { succeeded: 'success', failed: 'error', throttled: 'warning', captchaRequired: 'warning' } as const;

/** The status colours of the light mode (as the status chips'), 4.5:1 and more on white. */
const ATTEMPT_ON_LIGHT = { success: '#1b5e20', error: '#b3261e', warning: '#8a4b00' } as const;

/** An attempt's result, outlined in its colour at a contrast axe accepts in either mode (dark shades on light, the palette's light shades on dark). */
function AttemptChip({ result, label }: { result: keyof typeof ATTEMPT_COLOR; label: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      sx={(theme) => {
        const color = theme.palette.mode === 'dark' ? theme.palette[ATTEMPT_COLOR[result]].light : ATTEMPT_ON_LIGHT[ATTEMPT_COLOR[result]];
        return { color, borderColor: color, height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } };
      }}
    />
  );
}

function SignInSection({ user }: { user: SupportUserDetail }) {
  const { t, when } = useT();
  const [locale = 'en'] = useLocaleState();
  const [all, setAll] = useState(false);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const shown = all ? user.signInAttempts : user.signInAttempts.slice(0, ATTEMPTS_SHOWN);
  const short = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
  return (
    <Section title={t('signIn.title')}>
      {user.accountChallenge && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('signIn.challenged', { until: when(user.accountChallenge.until), failures: user.accountChallenge.failures })}
        </Alert>
      )}
      {user.locks.length === 0 ? (
        <Empty>{t('signIn.notLocked')}</Empty>
      ) : (
        <Stack spacing={1}>
          {user.locks.map((lock) => (
            <Alert key={lock.address} severity="warning">
              {t('signIn.locked', { address: lock.address, until: when(lock.blockedUntil), failures: lock.failures })}
            </Alert>
          ))}
        </Stack>
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 0.5 }}>
        {t('signIn.attempts')}
      </Typography>
      {user.signInAttempts.length === 0 ? (
        <Empty>{t('signIn.noAttempts')}</Empty>
      ) : (
        <>
          {phone ? (
            <List dense disablePadding aria-label={t('signIn.attempts')}>
              {shown.map((attempt, i) => (
                <ListItem key={`${attempt.at}-${i}`} disableGutters divider sx={{ justifyContent: 'space-between', gap: 1 }}>
                  <ListItemText primary={short(attempt.at)} secondary={attempt.ip ?? t('signIn.unknownAddress')} />
                  <AttemptChip result={attempt.result} label={t(`signIn.${attempt.result}`)} />
                </ListItem>
              ))}
            </List>
          ) : (
            <Table size="small" aria-label={t('signIn.attempts')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('signIn.time')}</TableCell>
                  <TableCell>{t('signIn.address')}</TableCell>
                  <TableCell>{t('signIn.result')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((attempt, i) => (
                  <TableRow key={`${attempt.at}-${i}`}>
                    <TableCell sx={{ px: 1 }}>{short(attempt.at)}</TableCell>
                    <TableCell sx={{ px: 1, overflowWrap: 'anywhere' }}>{attempt.ip ?? t('signIn.unknownAddress')}</TableCell>
                    <TableCell sx={{ px: 1 }}>
                      <AttemptChip result={attempt.result} label={t(`signIn.${attempt.result}`)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {!all && user.signInAttempts.length > ATTEMPTS_SHOWN && (
            <Button size="small" onClick={() => setAll(true)} sx={{ mt: 1 }}>
              {t('signIn.showAll', { count: user.signInAttempts.length })}
            </Button>
          )}
        </>
      )}
    </Section>
  );
}

function DevicesSection({ user, deviceName }: { user: SupportUserDetail; deviceName: DeviceName }) {
  const { t, when } = useT();
  return (
    <Section title={t('devices.title')}>
      <ListOr items={user.trustedDevices} none={t('devices.none')}>
        {(device) => (
          <Row
            key={device.id}
            primary={deviceName(device.label)}
            secondary={facts([
              t('devices.added', { date: when(device.createdAt) }),
              device.lastUsedAt && t('devices.lastUsed', { date: when(device.lastUsedAt) }),
            ])}
          />
        )}
      </ListOr>
    </Section>
  );
}

function SessionsSection({ user, deviceName }: { user: SupportUserDetail; deviceName: DeviceName }) {
  const { t, when } = useT();
  return (
    <Section title={t('sessions.title')}>
      <ListOr items={user.sessions} none={t('sessions.none')}>
        {(session) => (
          <Row
            key={session.id}
            primary={deviceName(session.userAgent)}
            chip={
              session.impersonatedBy && (
                <Chip size="small" color="warning" label={t('sessions.impersonatedBy', { name: session.impersonatedBy })} sx={{ ml: 1 }} />
              )
            }
            secondary={facts([
              t('sessions.since', { date: when(session.createdAt) }),
              t('sessions.lastSeen', { date: when(session.lastSeenAt) }),
              session.ip && t('sessions.from', { ip: session.ip }),
            ])}
          />
        )}
      </ListOr>
    </Section>
  );
}

function HistorySection({ user }: { user: SupportUserDetail }) {
  const { translate, t, when } = useT();
  return (
    <Section title={t('history.title')}>
      <ListOr items={user.supportAccess} none={t('history.none')}>
        {(row) => {
          const end = supportAccessEnd(row);
          return (
            <ListItem key={row.id} disableGutters sx={{ display: 'block' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {row.supportName}
              </Typography>
              <Typography variant="body2">{row.reason}</Typography>
              <Typography variant="caption" color="text.secondary">
                {translate('support.supportAccess.started', { date: when(row.startedAt), smart_count: row.durationMinutes })} ·{' '}
                {translate(end.key, { date: when(end.date) })}
              </Typography>
            </ListItem>
          );
        }}
      </ListOr>
    </Section>
  );
}

function PageSkeleton() {
  const translate = useTranslate();
  return (
    <Stack spacing={2} role="status" aria-label={translate('ra.page.loading')}>
      <Skeleton variant="rounded" height={120} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={180} />
        ))}
      </Box>
    </Stack>
  );
}

/**
 * A user's page on /support/users/:id: who they are and where they belong, what their
 * next sign-in asks for, blocks and recent attempts, remembered devices, open sessions and past
 * impersonations; the actions that apply now (each asks for a reason) and Impersonate.
 */
export function SupportUserPage({ userId, deviceName }: { userId: number; deviceName: DeviceName }) {
  const { t } = useT();
  const { data: user, error, isPending, refetch } = useSupportUser(userId);
  const [action, setAction] = useState<SupportActionDefinition>();
  const [impersonating, setImpersonating] = useState(false);

  let body;
  if (error) {
    body = <LoadFailed error={error} messageKey="support.user.loadFailed" retryKey="support.user.retry" onRetry={refetch} />;
  } else if (isPending || !user) {
    body = <PageSkeleton />;
  } else {
    body = (
      <Stack spacing={2}>
        <Header user={user} onAction={setAction} onImpersonate={() => setImpersonating(true)} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
          <Stack spacing={2}>
            <ProfileSection user={user} />
            <MembershipSection user={user} />
            <LoginSection user={user} />
          </Stack>
          <Stack spacing={2}>
            <SignInSection user={user} />
            <SessionsSection user={user} deviceName={deviceName} />
            <DevicesSection user={user} deviceName={deviceName} />
            <HistorySection user={user} />
          </Stack>
        </Box>
        {action && <SupportActionDialog key={action.id} user={user} action={action} onClose={() => setAction(undefined)} />}
        {impersonating && <ImpersonateDialog user={user} onClose={() => setImpersonating(false)} />}
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Box>
        <Button component={RouterLink} to="/support" startIcon={<ArrowBackIcon />} size="small">
          {t('back')}
        </Button>
      </Box>
      {body}
    </Stack>
  );
}
