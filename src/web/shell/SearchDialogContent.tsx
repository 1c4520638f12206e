// The account search and the spotlight dialogs, loaded when first opened (SearchDialogs.tsx).

import { useEffect, useId, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useDataProvider, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteRecord } from '../../../schemas/sites.js';
import { sitePath } from '../../common/siteMatch.js';
import { Highlighted } from '../resources/Highlighted.js';
import { displayAccountName, visibleDrawerItems } from './menuRules.js';
import { RECENT_SEARCHES_KEY, addRecentSearch, moveActive, parseRecentSearches } from './recentSearches.js';
import { openAccountSearch } from './shellEvents.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { SITES_QUERY } from './SiteSidebar.js';
import { safeStorage, useShellSession } from './useShellSession.js';

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 250;

function DialogHeader({ id, title, onClose }: { id: string; title: string; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <>
      <DialogTitle id={id} sx={{ pr: 6 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label={translate('shell.search.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
    </>
  );
}

/** The text once typing has paused. */
function useDebounced(value: string, ms: number): [string, (now: string) => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return [settled, setSettled];
}

/** GET /api/sites for a search text (the first ten, by relevance); nothing for an empty text. */
function useSiteSearch(text: string, enabled = true) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const q = text.trim();
  return useQuery({
    queryKey: ['shell', 'siteSearch', q],
    queryFn: () => dataProvider.searchSites(q),
    enabled: enabled && q !== '',
    staleTime: 30_000,
    retry: false,
  });
}

interface Option {
  key: string;
  content: ReactNode;
  choose: () => void;
}

interface OptionGroup {
  id: string;
  label: string;
  options: Option[];
}

/**
 * A search box over lists of options, as a combobox: focus stays in the box, the arrow keys
 * move through the options (aria-activedescendant), Enter chooses the current one, or runs
 * `onEnter` when none is. The status line (a live region) says what the lists cannot.
 */
function SearchCombobox({
  label,
  value,
  onChange,
  groups,
  onEnter,
  status,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  groups: OptionGroup[];
  onEnter?: () => void;
  status?: string;
  maxLength?: number;
}) {
  const translate = useTranslate();
  const baseId = useId();
  const shown = groups.filter((g) => g.options.length > 0);
  const flat = shown.flatMap((g) => g.options.map((option) => ({ option, id: `${baseId}-${g.id}-${option.key}` })));
  // The current option belongs to the lists it was chosen in: new lists start with none.
  const lists = flat.map((f) => f.id).join('|');
  const [chosen, setChosen] = useState({ lists, index: -1 });
  const active = chosen.lists === lists ? chosen.index : -1;
  const setActive = (index: number) => setChosen({ lists, index });
  const current = active >= 0 && active < flat.length ? flat[active] : undefined;
  useEffect(() => {
    if (current) document.getElementById(current.id)?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(moveActive(active, event.key, flat.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (current) current.option.choose();
      else onEnter?.();
    }
  };
  // Where each list's options start among all of them.
  const starts = shown.map((_, i) => shown.slice(0, i).reduce((n, g) => n + g.options.length, 0));
  return (
    <>
      <TextField
        autoFocus
        fullWidth
        label={label}
        value={value}
        onChange={(e) => {
          setActive(-1);
          onChange(e.target.value);
        }}
        onKeyDown={onKeyDown}
        sx={{ mt: 1 }}
        helperText={translate('sites.search.keys')}
        slotProps={{
          htmlInput: {
            role: 'combobox',
            maxLength,
            autoComplete: 'off',
            'aria-autocomplete': 'list',
            'aria-expanded': flat.length > 0,
            'aria-controls': shown.map((g) => `${baseId}-${g.id}`).join(' ') || undefined,
            'aria-activedescendant': current?.id,
          },
        }}
      />
      <Typography role="status" aria-live="polite" sx={{ mt: status ? 2 : 0 }}>
        {status ?? ''}
      </Typography>
      {shown.map((group, groupIndex) => (
        <Box key={group.id} sx={{ mt: 1 }}>
          <Typography id={`${baseId}-${group.id}-label`} variant="overline" component="div" color="text.secondary" sx={{ px: 2 }}>
            {group.label}
          </Typography>
          <List id={`${baseId}-${group.id}`} role="listbox" aria-labelledby={`${baseId}-${group.id}-label`} dense disablePadding>
            {group.options.map((option, optionIndex) => {
              const mine = starts[groupIndex] + optionIndex;
              const id = `${baseId}-${group.id}-${option.key}`;
              return (
                <ListItemButton
                  key={option.key}
                  id={id}
                  component="li"
                  role="option"
                  aria-selected={mine === active}
                  selected={mine === active}
                  tabIndex={-1}
                  onMouseMove={() => mine !== active && setActive(mine)}
                  onClick={() => option.choose()}
                  sx={{ display: 'block' }}
                >
                  {option.content}
                </ListItemButton>
              );
            })}
          </List>
        </Box>
      ))}
    </>
  );
}

/** One account in the dialogs: name, number · transmitter · address, and the matched field named with the match marked. */
function SiteOption({ site }: { site: SiteRecord }) {
  const translate = useTranslate();
  return (
    <>
      <ListItemText
        primary={displayAccountName(site.siteName)}
        secondary={[String(site.siteNum), site.transmitterCode, site.addressDisplay].filter(Boolean).join(' · ')}
        sx={{ my: 0 }}
      />
      {site.match && (
        <Typography variant="body2" color="text.secondary" data-match-field={site.match.field}>
          {translate('sites.match.label', { field: translate(`sites.match.fields.${site.match.field}`) })}
          {': '}
          <Highlighted value={site.match.value} start={site.match.start} end={site.match.end} />
        </Typography>
      )}
    </>
  );
}

/** Opens an account on /site/info; the sidebar's Recents follow. */
function useOpenSite(onClose: () => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (site: SiteRecord) => {
    onClose();
    navigate(sitePath('info', site));
    void queryClient.invalidateQueries({ queryKey: SITES_QUERY });
  };
}

const SEARCH_DIALOGS = {
  account: { id: 'account-search-title', title: 'shell.search.title', label: 'sites.search.label' },
  spotlight: { id: 'spotlight-title', title: 'shell.spotlight.title', label: 'shell.spotlight.label' },
};

/** A search dialog: its title, a close button and the search box with its lists. */
function SearchDialog({
  kind,
  open,
  onClose,
  ...combobox
}: { kind: keyof typeof SEARCH_DIALOGS; open: boolean; onClose: () => void } & Omit<
  Parameters<typeof SearchCombobox>[0],
  'maxLength' | 'label'
>) {
  const translate = useTranslate();
  const { id, title, label } = SEARCH_DIALOGS[kind];
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={id}>
      <DialogHeader id={id} title={translate(title)} onClose={onClose} />
      <DialogContent>
        <SearchCombobox {...combobox} label={translate(label)} maxLength={100} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * §2 'Account search: opened by the '/' key outside inputs ... keeps 10 recent searches', over
 * GET /api/sites: name, address, phones, contacts, transmitter and numbers, as
 * typing pauses; each result names the field that matched and marks the match.
 */
export function AccountSearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const openSite = useOpenSite(onClose);
  const [q, setQ] = useState('');
  const [query, setQuery] = useDebounced(q, SEARCH_DEBOUNCE_MS);
  const [recent, setRecent] = useState<string[]>(() => parseRecentSearches(safeStorage.get(RECENT_SEARCHES_KEY)));
  const { data: results, isFetching, isError } = useSiteSearch(query);
  const remember = (text: string) => {
    const next = addRecentSearch(recent, text);
    setRecent(next);
    safeStorage.set(RECENT_SEARCHES_KEY, JSON.stringify(next));
  };
  const searchNow = (text: string) => {
    setQ(text);
    setQuery(text);
    if (text.trim()) remember(text);
  };
  const asked = query.trim();
  const groups: OptionGroup[] = asked
    ? [
        {
          id: 'results',
          label: translate('sites.search.results'),
          options: (results ?? []).map((site) => ({
            key: `${site.siteNum}-${site.devNum ?? ''}`,
            content: <SiteOption site={site} />,
            choose: () => {
              remember(asked);
              openSite(site);
            },
          })),
        },
      ]
    : [
        {
          id: 'recent',
          label: translate('shell.search.recent'),
          options: recent.map((r) => ({ key: r, content: <ListItemText primary={r} sx={{ my: 0 }} />, choose: () => searchNow(r) })),
        },
      ];
  let status: string | undefined;
  if (asked && isError) status = translate('sites.search.failed');
  else if (asked && isFetching && !results) status = translate('sites.search.searching');
  else if (asked && results && results.length === 0 && !isFetching) status = translate('sites.search.noResults', { q: asked });
  return <SearchDialog kind="account" {...{ open, onClose, groups, status }} value={q} onChange={setQ} onEnter={() => searchNow(q)} />;
}

/** §2 'spotlight search (Ctrl/Cmd+K)': jump to any page of the drawer, or (staff) to an account found by GET /api/sites. */
export function SpotlightDialog({ open, onClose, accountSearch }: { open: boolean; onClose: () => void; accountSearch: boolean }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const openSite = useOpenSite(onClose);
  const { user } = useShellSession();
  const [q, setQ] = useState('');
  const [query] = useDebounced(q, SEARCH_DEBOUNCE_MS);
  const text = q.trim().toLowerCase();
  // Accounts from two characters on: one letter would match most of a group.
  const asked = query.trim();
  const { data: sites = [], isFetching } = useSiteSearch(asked, accountSearch && asked.length >= 2);
  const pages = (user ? visibleDrawerItems(user) : [])
    .map((item) => ({ item, label: translate(`shell.drawer.${item.key}`) }))
    .filter(({ label }) => label.toLowerCase().includes(text));
  const groups: OptionGroup[] = [
    {
      id: 'pages',
      label: translate('sites.spotlight.pages'),
      options: pages.map(({ item, label }) => ({
        key: item.key,
        content: <ListItemText primary={label} sx={{ my: 0 }} />,
        choose: () => {
          onClose();
          if (item.to) navigate(item.to);
          else openAccountSearch();
        },
      })),
    },
    {
      id: 'accounts',
      label: translate('sites.spotlight.accounts'),
      options: (asked.length >= 2 ? sites : []).map((site) => ({
        key: `${site.siteNum}-${site.devNum ?? ''}`,
        content: <SiteOption site={site} />,
        choose: () => openSite(site),
      })),
    },
  ];
  const nothing = groups.every((g) => g.options.length === 0) && !isFetching && q === query;
  return (
    <SearchDialog
      kind="spotlight"
      {...{ open, onClose, groups }}
      value={q}
      onChange={setQ}
      // Enter with nothing chosen takes the first entry.
      onEnter={() => groups.find((g) => g.options.length > 0)?.options[0].choose()}
      status={nothing ? translate('shell.spotlight.noResults') : undefined}
    />
  );
}
