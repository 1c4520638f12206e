import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import { DataTable, List as RaList, SearchInput, SelectInput, useListContext, useLocaleState, useTranslate } from 'react-admin';
import { SUPPORT_USER_STATUSES, type SupportUser } from '../../../schemas/support.js';
import { ApplicationName, StatusChip, dealerLine } from './SupportParts.js';
import { formatWhen, supportUserPath } from './supportRules.js';
import { LoadFailed } from '../resources/LoadFailed.js';

/** The search box (always shown) and the status and application filters of GET /api/users as support. */
function supportFilters(translate: (key: string) => string) {
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('support.search.placeholder')}
      slotProps={{ htmlInput: { 'aria-label': translate('support.search.label'), maxLength: 100 } }}
      sx={{ width: { xs: '100%', sm: 'auto' }, '& .MuiInputBase-root': { width: { xs: '100%', sm: 440 } } }}
    />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      label="support.filters.status"
      choices={SUPPORT_USER_STATUSES.map((id) => ({ id, name: `support.status.${id}` }))}
      sx={{ minWidth: { xs: 150, sm: 200 } }}
    />,
    <SelectInput
      key="applicationNum"
      source="applicationNum"
      alwaysOn
      label="support.filters.application"
      choices={[2, 3, 1].map((id) => ({ id, name: `support.application.${id}` }))}
      sx={{ minWidth: { xs: 150, sm: 180 } }}
    />,
  ];
}

function Loading({ cards }: { cards: boolean }) {
  const translate = useTranslate();
  return (
    <Box role="status" aria-label={translate('ra.page.loading')} sx={{ p: cards ? 1 : 2 }}>
      {Array.from({ length: 6 }, (_, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
          <Box sx={{ flex: 3 }}>
            <Skeleton variant="text" width="50%" />
            <Skeleton variant="text" width="70%" />
          </Box>
          {!cards && <Skeleton variant="text" sx={{ flex: 1 }} />}
          {!cards && <Skeleton variant="text" sx={{ flex: 2 }} />}
          <Skeleton variant="rounded" width={90} height={24} />
        </Box>
      ))}
    </Box>
  );
}

/** Nothing matches: what to try instead. */
function NoMatch() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3 }}>
      <Typography sx={{ fontWeight: 600 }}>{translate('support.search.empty')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('support.search.emptyHint')}
      </Typography>
    </Box>
  );
}

function SearchFailed() {
  const { error, refetch } = useListContext<SupportUser>();
  return (
    <LoadFailed error={error} messageKey="support.search.loadFailed" retryKey="support.search.retry" onRetry={refetch} sx={{ m: 2 }} />
  );
}

/** The name as a link (keyboard users open the page from it), with the username and email beneath. */
function NameCell({ user }: { user: SupportUser }) {
  return (
    <>
      <Box
        component={RouterLink}
        to={supportUserPath(user.id)}
        onClick={(event: React.MouseEvent) => event.stopPropagation()}
        sx={{ color: 'text.primary', fontWeight: 600, textDecoration: 'none', '&:hover, &:focus-visible': { textDecoration: 'underline' } }}
      >
        {user.name}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
        {user.username}
      </Typography>
      {user.email && user.email !== user.username && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
          {user.email}
        </Typography>
      )}
    </>
  );
}

/** The dealer's name, its number beneath. */
function DealerCell({ user }: { user: SupportUser }) {
  if (!user.dealerName && !user.dealerNumber) return null;
  return (
    <>
      <Typography variant="body2">{user.dealerName}</Typography>
      <Typography variant="caption" color="text.secondary">
        {user.dealerNumber}
      </Typography>
    </>
  );
}

function UserTable() {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const { isPending, error } = useListContext<SupportUser>();
  if (error) return <SearchFailed />;
  if (isPending) return <Loading cards={false} />;
  return (
    <DataTable<SupportUser>
      aria-label={translate('support.search.results')}
      rowClick={(id) => supportUserPath(id)}
      bulkActionButtons={false}
      empty={<NoMatch />}
      sx={{ '& thead th': { whiteSpace: 'nowrap' } }}
    >
      <DataTable.Col
        source="name"
        label="support.columns.name"
        cellSx={() => ({ minWidth: 240 })}
        render={(user) => <NameCell user={user as SupportUser} />}
      />
      <DataTable.Col
        source="applicationNum"
        label="support.columns.application"
        render={(user) => <ApplicationName applicationNum={(user as SupportUser).applicationNum} />}
      />
      <DataTable.Col
        source="dealerName"
        label="support.columns.dealer"
        disableSort
        cellSx={() => ({ minWidth: 160 })}
        render={(user) => <DealerCell user={user as SupportUser} />}
      />
      <DataTable.Col
        source="status"
        label="support.columns.status"
        render={(user) => <StatusChip status={(user as SupportUser).status} />}
      />
      <DataTable.Col
        source="lastSignInAt"
        label="support.columns.lastSignIn"
        render={(user) => formatWhen((user as SupportUser).lastSignInAt, locale) || translate('support.never')}
      />
    </DataTable>
  );
}

/** The results on a phone: one card per user (name, username, application and dealer, status, last sign-in). */
function UserCards() {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const { data, isPending, error } = useListContext<SupportUser>();
  if (error) return <SearchFailed />;
  if (isPending) return <Loading cards />;
  if (!data?.length) return <NoMatch />;
  return (
    <List aria-label={translate('support.search.results')} disablePadding>
      {data.map((user) => (
        <ListItem key={user.id} disablePadding divider>
          <ListItemButton component={RouterLink} to={supportUserPath(user.id)} sx={{ display: 'block' }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {user.name}
              </Typography>
              <StatusChip status={user.status} />
            </Box>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {user.username}
            </Typography>
            <Typography component="span" variant="body2" sx={{ display: 'block' }}>
              <ApplicationName applicationNum={user.applicationNum} />
              {dealerLine(user) && ` · ${dealerLine(user)}`}
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {translate('support.columns.lastSignIn')}: {formatWhen(user.lastSignInAt, locale) || translate('support.never')}
            </Typography>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

function Results() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return phone ? <UserCards /> : <UserTable />;
}

/**
 * /support: one search box over every user of the portal (GET /api/users as support,
 * ra-data-simple-rest: substring of username, name, email, phone, dealer or account number,
 * debounced), with status and application filters; a table on a wide screen, cards on a phone.
 * A row opens the user's page.
 */
export function SupportSearch() {
  const translate = useTranslate();
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('support.intro')}
      </Typography>
      <RaList<SupportUser>
        resource="users"
        title={false}
        filters={supportFilters(translate)}
        sort={{ field: '', order: 'ASC' }}
        perPage={25}
        debounce={300}
        exporter={false}
        actions={false}
        empty={false}
        sx={{
          '& .RaList-main': { minWidth: 0 },
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
          // On a phone the search box takes the whole line, the two filters share the next.
          '& .RaFilterForm-root .filter-field:first-of-type': { width: { xs: '100%', sm: 'auto' } },
        }}
      >
        <Results />
      </RaList>
    </Box>
  );
}
