import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SxProps, Theme } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/Check';
import StarIcon from '@mui/icons-material/Star';
import { Link as RouterLink } from 'react-router-dom';
import { DataTable, List, SearchInput, SelectInput, TextInput, useListContext, useNotify, useTranslate } from 'react-admin';
import { SITE_STATUSES, SITE_TYPES, type SiteRecord } from '../../../schemas/sites.js';
import { sitePath } from '../../common/siteMatch.js';
import { failureMessage } from '../providers/errorMessages.js';
import { SiteCards } from './SiteCards.js';
import { SiteStatusDot, SiteStatusTag } from '../resources/siteStatus.js';
import { FavoriteButton, MatchLine, SiteEmpty, SiteSkeleton } from './SiteParts.js';
import { normaliseState, statusesOf, toggleFavorite, toggleStatus, type SiteFilterValues } from './siteRules.js';
import { useSiteFavorite } from '../resources/favorites.js';

/** The filters of GET /api/sites (schemas/sites.ts siteFilterSchema): the search box always shown, the others added from 'Add filter'. */
function siteFilters(translate: (key: string) => string) {
  const search = translate('sites.filters.q');
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('sites.filters.qPlaceholder')}
      slotProps={{ htmlInput: { 'aria-label': search, maxLength: 100 } }}
      sx={{ '& .MuiInputBase-root': { width: { xs: '100%', sm: 360 } } }}
    />,
    <SelectInput
      key="siteType"
      source="siteType"
      label="sites.filters.siteType"
      choices={SITE_TYPES.map((id) => ({ id, name: `sites.siteType.${id}` }))}
    />,
    <TextInput key="city" source="city" label="sites.filters.city" slotProps={{ htmlInput: { maxLength: 100 } }} />,
    <TextInput
      key="state"
      source="state"
      label="sites.filters.state"
      parse={normaliseState}
      slotProps={{ htmlInput: { maxLength: 2 } }}
      sx={{ width: 120 }}
    />,
  ];
}

/** Status (several at once) and 'Favorites only' as toggle chips above the list. */
function QuickFilters() {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext<SiteRecord>();
  const filter = (filterValues ?? {}) as SiteFilterValues;
  const chosen = statusesOf(filter);
  const apply = (next: SiteFilterValues) => setFilters(next, displayedFilters, false);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', px: { xs: 1, sm: 2 }, py: 1 }}>
      <Box role="group" aria-label={translate('sites.filters.status')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {SITE_STATUSES.map((status) => {
          const on = chosen.includes(status);
          return (
            <Chip
              key={status}
              label={translate(`sites.status.${status}`)}
              aria-pressed={on}
              variant={on ? 'filled' : 'outlined'}
              color={on ? 'primary' : 'default'}
              icon={on ? <CheckIcon fontSize="small" /> : <SiteStatusDot status={status} />}
              onClick={() => apply(toggleStatus(filter, status))}
            />
          );
        })}
      </Box>
      <Chip
        label={translate('sites.filters.favorite')}
        aria-pressed={!!filter.favorite}
        variant={filter.favorite ? 'filled' : 'outlined'}
        color={filter.favorite ? 'primary' : 'default'}
        icon={filter.favorite ? <CheckIcon fontSize="small" /> : <StarIcon fontSize="small" />}
        onClick={() => apply(toggleFavorite(filter))}
      />
    </Box>
  );
}

/** The name, as a link (keyboard users open the account from it), and where the search matched. */
function NameCell({ site }: { site: SiteRecord }) {
  return (
    <>
      <Box
        component={RouterLink}
        to={sitePath('info', site)}
        onClick={(event: React.MouseEvent) => event.stopPropagation()}
        sx={{ color: 'text.primary', fontWeight: 600, textDecoration: 'none', '&:hover, &:focus-visible': { textDecoration: 'underline' } }}
      >
        {site.siteName}
      </Box>
      {site.match && <MatchLine match={site.match} />}
    </>
  );
}

/** Per-row actions other features add (the app passes them: place on test). */
type RowActions = (site: SiteRecord) => React.ReactNode;

const ACTIONS_CLASS = 'site-row-actions';
const FAVORITE_CLASS = 'site-row-favorite';
/** The width of each of the two right-hand columns (border box): the star and the row menu, or their header. */
const EDGE_COLUMN_PX = 88;

/**
 * The favourite star and the row menu stay at the right edge while a wide table scrolls sideways
 * (long addresses at 1280 px with the sidebar open): their cells take the list card's own
 * background (its dark-mode overlay included), the row's hover tint over it, and a rule on the left.
 */
function stickyEdge(withActions: boolean): SxProps<Theme> {
  return (theme) => {
    const tint = (color: string) => `linear-gradient(${color}, ${color}), var(--Paper-overlay, none)`;
    const edge = {
      position: 'sticky',
      zIndex: 2,
      boxSizing: 'border-box',
      width: EDGE_COLUMN_PX,
      minWidth: EDGE_COLUMN_PX,
      px: 1,
      whiteSpace: 'nowrap',
      textAlign: 'center',
      bgcolor: 'background.paper',
      backgroundImage: 'var(--Paper-overlay, none)',
    } as const;
    const hovered = `& .MuiTableRow-hover:hover .${FAVORITE_CLASS}, & .MuiTableRow-hover:hover .${ACTIONS_CLASS}`;
    return {
      [`& .${FAVORITE_CLASS}`]: { ...edge, right: withActions ? EDGE_COLUMN_PX : 0, boxShadow: `inset 1px 0 0 ${theme.palette.divider}` },
      [`& .${ACTIONS_CLASS}`]: { ...edge, right: 0 },
      [hovered]: { backgroundImage: tint(theme.palette.action.hover) },
    };
  };
}

function SiteTable({ rowActions }: { rowActions?: RowActions }) {
  const translate = useTranslate();
  const favorites = useSiteFavorite();
  const { isPending } = useListContext<SiteRecord>();
  if (isPending) return <SiteSkeleton />;
  return (
    <DataTable<SiteRecord>
      aria-label={translate('sites.title')}
      rowClick={(_id, _resource, record) => sitePath('info', record as SiteRecord)}
      bulkActionButtons={false}
      empty={<SiteEmpty />}
      sx={stickyEdge(!!rowActions)}
    >
      <DataTable.Col source="siteName" label="sites.columns.siteName" render={(site) => <NameCell site={site as SiteRecord} />} />
      <DataTable.Col source="siteNum" label="sites.columns.siteNum" />
      <DataTable.Col
        source="transmitterCode"
        label="sites.columns.transmitter"
        disableSort
        render={(site) => (site as SiteRecord).transmitterCode ?? ''}
      />
      {/* The address sorts by city (the API's sort fields: name, number, city, status). */}
      <DataTable.Col source="city" label="sites.columns.address" render={(site) => (site as SiteRecord).addressDisplay} />
      <DataTable.Col
        source="status"
        label="sites.columns.status"
        render={(site) => <SiteStatusTag status={(site as SiteRecord).status} />}
      />
      <DataTable.Col
        label="sites.columns.favorite"
        disableSort
        headerClassName={FAVORITE_CLASS}
        cellClassName={FAVORITE_CLASS}
        render={(site) => <FavoriteButton site={site as SiteRecord} favorites={favorites} />}
      />
      {rowActions && (
        <DataTable.Col
          label="sites.columns.actions"
          disableSort
          headerClassName={ACTIONS_CLASS}
          cellClassName={ACTIONS_CLASS}
          render={(site) => rowActions(site as SiteRecord)}
        />
      )}
    </DataTable>
  );
}

/** Phones get cards; wider screens the table. */
function SiteResults({ rowActions }: { rowActions?: RowActions }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <>
      <QuickFilters />
      {phone ? <SiteCards rowActions={rowActions} /> : <SiteTable rowActions={rowActions} />}
    </>
  );
}

/**
 * The accounts list: GET /api/sites in ra-data-simple-rest conventions, scoped by the
 * server to the current account group. The search box (debounced) matches name, address, phones,
 * contacts, transmitter and numbers; without a chosen sort the server orders a search by
 * relevance (an empty sort field: dataProvider.ts leaves `sort` out). Rows open /site/info.
 */
export function SiteList({ rowActions }: { rowActions?: RowActions } = {}) {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Box component="section" aria-labelledby="sites-heading" sx={{ pt: 2 }}>
      <Typography id="sites-heading" variant="h4" component="h1">
        {translate('sites.title')}
      </Typography>
      <List<SiteRecord>
        resource="sites"
        title="sites.title"
        filters={siteFilters(translate)}
        sort={{ field: '', order: 'ASC' }}
        perPage={25}
        debounce={300}
        exporter={false}
        empty={<SiteEmpty />}
        sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
        queryOptions={{ onError: (error: unknown) => notify(failureMessage(error, 'sites.loadError'), { type: 'error' }) }}
      >
        <SiteResults rowActions={rowActions} />
      </List>
    </Box>
  );
}
