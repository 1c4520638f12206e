import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContactPhoneOutlinedIcon from '@mui/icons-material/ContactPhoneOutlined';
import HistoryIcon from '@mui/icons-material/History';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import RouterIcon from '@mui/icons-material/Router';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import { useCanAccess, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { EventKind, EventRecord } from '../../../schemas/events.js';
import type { SiteDetail } from '../../../schemas/sites.js';
import { formatPhone } from '../../common/phoneFormat.js';
import { KIND_COLORS } from '../resources/eventKind.js';
import { STATUS_COLORS, SiteStatusTag } from '../resources/siteStatus.js';
import { formatInZone } from '../resources/zonedTime.js';
import { useNow } from './useNow.js';
import { armedState, completenessPrompts, onTestNow } from './msaRules.js';

/** How many events the summary shows. */
const RECENT_EVENTS = 5;
/** How many contacts the call list at a glance shows. */
const GLANCE_CONTACTS = 3;

/** A link to another customer screen for the same account. */
const withSite = (path: string, site: SiteDetail) => `${path}?sn=${site.siteNum}`;

/** The newest events of an account: react-admin's `events` list in the server's order (newest first: an empty sort field). */
function useRecentEvents(siteNum: number, count: number, kind?: EventKind[]) {
  return useGetList<EventRecord>('events', {
    filter: kind ? { siteNum, kind } : { siteNum },
    pagination: { page: 1, perPage: count },
    sort: { field: '', order: 'ASC' },
  });
}

/**
 * /msa/summary: the account's status (armed state when known, on test, in alarm), the
 * last events, the call list at a glance, quick actions (Place on Test, Edit Contacts, View
 * History) and completeness prompts ('add a second contact').
 */
export function MsaSummaryPage({ site }: { site: SiteDetail }) {
  const translate = useTranslate();
  const [language = 'en'] = useLocaleState();
  const { canAccess: canTest = false } = useCanAccess({ resource: 'msaTests', action: 'create' });
  const { canAccess: canContacts = false } = useCanAccess({ resource: 'msaContacts', action: 'list' });
  const { canAccess: canPasscodes = false } = useCanAccess({ resource: 'msaPasscodes', action: 'list' });
  const events = useRecentEvents(site.siteNum, RECENT_EVENTS);
  // The armed state: the newest opening or closing, however far back.
  const lastOpenClose = useRecentEvents(site.siteNum, 1, ['openClose']);
  const now = useNow();
  const testUntil = site.devices
    .filter((d) => onTestNow(d, now))
    .map((d) => d.onTestUntil!)
    .sort()
    .at(-1);
  const armed = lastOpenClose.data ? armedState(lastOpenClose.data) : 'unknown';
  const prompts = completenessPrompts(site, { contacts: canContacts, passcodes: canPasscodes });
  const t = (key: string, args?: Record<string, unknown>) => translate(`msa.summary.${key}`, args);

  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardContent>
          <Typography component="h2" variant="h6">
            {site.siteName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {site.addressDisplay}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }} aria-label={t('statusLabel')} role="group">
            <SiteStatusTag status={site.status} />
            {armed !== 'unknown' && (
              <Chip
                size="small"
                variant="outlined"
                icon={armed === 'armed' ? <LockIcon /> : <LockOpenIcon />}
                label={t(`armed.${armed}`)}
              />
            )}
            {testUntil && (
              <Chip
                size="small"
                icon={<ScienceOutlinedIcon sx={{ color: 'inherit !important' }} />}
                sx={{ bgcolor: STATUS_COLORS.onTest, color: '#fff', fontWeight: 600 }}
                label={t('onTestUntil', { time: formatInZone(testUntil, site.timeZone, language) })}
              />
            )}
          </Stack>
          {site.status === 'inAlarm' && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t('inAlarm')}
            </Alert>
          )}
        </CardContent>
      </Card>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} aria-label={t('actions')} role="group">
        {canTest && (
          <Button variant="contained" startIcon={<ScienceOutlinedIcon />} component={RouterLink} to={withSite('/msa/no-action', site)}>
            {t('placeOnTest')}
          </Button>
        )}
        {canContacts && (
          <Button variant="outlined" startIcon={<ContactPhoneOutlinedIcon />} component={RouterLink} to={withSite('/msa/contacts', site)}>
            {t('editContacts')}
          </Button>
        )}
        <Button variant="outlined" startIcon={<HistoryIcon />} component={RouterLink} to={withSite('/msa/history', site)}>
          {t('viewHistory')}
        </Button>
        <Button variant="outlined" startIcon={<RouterIcon />} component={RouterLink} to={withSite('/msa/panel-info', site)}>
          {t('panelInfo')}
        </Button>
      </Stack>

      {prompts.length > 0 && (
        <Alert severity="info">
          <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 600 }}>
            {t('prompts.title')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {prompts.map((prompt) => (
              <li key={prompt.key}>
                <Link component={RouterLink} to={withSite(prompt.to, site)}>
                  {t(`prompts.${prompt.key}`)}
                </Link>
              </li>
            ))}
          </Box>
        </Alert>
      )}

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
        <Card variant="outlined" sx={{ flex: 3 }}>
          <CardContent>
            <Typography component="h2" variant="h6">
              {t('recent')}
            </Typography>
            {events.isPending ? (
              <Stack spacing={1} sx={{ mt: 1 }} aria-busy="true">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} variant="text" />
                ))}
              </Stack>
            ) : events.error ? (
              <Alert severity="error" sx={{ mt: 1 }}>
                {t('recentFailed')}
              </Alert>
            ) : events.data!.length === 0 ? (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {t('noEvents')}
              </Typography>
            ) : (
              <List dense disablePadding>
                {events.data!.map((event) => (
                  <ListItem key={event.id} disableGutters divider>
                    <Box
                      aria-hidden="true"
                      sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: KIND_COLORS[event.kind], mr: 1.5, flexShrink: 0 }}
                    />
                    <ListItemText
                      primary={
                        event.zoneDescription ? `${event.eventCodeDescription} – ${event.zoneDescription}` : event.eventCodeDescription
                      }
                      secondary={`${translate(`events.kinds.${event.kind}`)} · ${formatInZone(event.alarmDate, site.timeZone, language)}`}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </CardContent>
        </Card>

        {canContacts && (
          <Card variant="outlined" sx={{ flex: 2 }}>
            <CardContent>
              <Typography component="h2" variant="h6">
                {t('callList')}
              </Typography>
              {site.contacts.length === 0 ? (
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {t('noContacts')}
                </Typography>
              ) : (
                <Box component="ol" sx={{ pl: 2.5, mb: 1 }}>
                  {site.contacts.slice(0, GLANCE_CONTACTS).map((contact) => (
                    <li key={contact.contactId}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {contact.name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {contact.phoneNumber ? formatPhone(contact.phoneNumber) : t('noPhone')}
                      </Typography>
                    </li>
                  ))}
                </Box>
              )}
              {site.contacts.length > GLANCE_CONTACTS && (
                <Typography variant="body2" color="text.secondary">
                  {t('moreContacts', { smart_count: site.contacts.length - GLANCE_CONTACTS })}
                </Typography>
              )}
              <Link component={RouterLink} to={withSite('/msa/contacts', site)}>
                {t('allContacts')}
              </Link>
            </CardContent>
          </Card>
        )}
      </Stack>
    </Stack>
  );
}
