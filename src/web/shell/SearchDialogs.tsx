import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { SiteListItem } from '../../../schemas/dealer.js';
import { SITE_SEARCH_TYPES } from '../../../schemas/shell.js';
import { displayAccountName, visibleDrawerItems } from './menuRules.js';
import { RECENT_SEARCHES_KEY, addRecentSearch, opensSearchOnSlash, opensSpotlight, parseRecentSearches } from './recentSearches.js';
import { onOpenAccountSearch, onOpenSpotlight, openAccountSearch } from './shellEvents.js';
import { shellApi } from './shellApi.js';
import { SITES_QUERY, siteLink, siteXmit } from './SiteSidebar.js';
import { safeStorage, useShellSession } from './useShellSession.js';

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

/** §2 'Account search: opened by the '/' key outside inputs. Searches by account number and keeps 10 recent searches'. */
function AccountSearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const [type, setType] = useState('');
  const [results, setResults] = useState<SiteListItem[] | null>(null);
  const [recent, setRecent] = useState<string[]>(() => parseRecentSearches(safeStorage.get(RECENT_SEARCHES_KEY)));
  const search = async (query: string) => {
    const text = query.trim();
    if (!text) return;
    const next = addRecentSearch(recent, text);
    setRecent(next);
    safeStorage.set(RECENT_SEARCHES_KEY, JSON.stringify(next));
    setResults(await shellApi.search(text, type || undefined).catch(() => []));
  };
  const openSite = (site: SiteListItem) => {
    onClose();
    navigate(siteLink(site));
    void queryClient.invalidateQueries({ queryKey: SITES_QUERY });
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="account-search-title">
      <DialogHeader id="account-search-title" title={translate('shell.search.title')} onClose={onClose} />
      <DialogContent>
        <Stack
          component="form"
          direction="row"
          spacing={1}
          sx={{ pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            void search(q);
          }}
        >
          <TextField
            autoFocus
            fullWidth
            label={translate('shell.search.label')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 50, type: 'search' } }}
          />
          <TextField
            select
            label={translate('shell.search.type')}
            value={type}
            onChange={(e) => setType(e.target.value)}
            sx={{ minWidth: 140 }}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{translate('shell.search.types.all')}</MenuItem>
            {SITE_SEARCH_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {translate(`shell.search.types.${t}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained">
            {translate('shell.search.search')}
          </Button>
        </Stack>
        {results && results.length === 0 && (
          <Typography sx={{ mt: 2 }} role="status">
            {translate('shell.search.noResults')}
          </Typography>
        )}
        {results && results.length > 0 && (
          <List aria-label={translate('shell.search.title')}>
            {results.map((site) => (
              <ListItem key={`${site.siteNum}-${site.devNum}`} disablePadding>
                <ListItemButton onClick={() => openSite(site)}>
                  <ListItemText
                    primary={displayAccountName(site.siteName)}
                    secondary={`${site.siteNum} · ${siteXmit(site)} · ${site.addressDisplay ?? ''}`}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        {!results && recent.length > 0 && (
          <List
            dense
            aria-labelledby="recent-searches"
            subheader={
              <ListSubheader id="recent-searches" sx={{ bgcolor: 'inherit' }}>
                {translate('shell.search.recent')}
              </ListSubheader>
            }
          >
            {recent.map((r) => (
              <ListItem key={r} disablePadding>
                <ListItemButton
                  onClick={() => {
                    setQ(r);
                    void search(r);
                  }}
                >
                  <ListItemText primary={r} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** §2 'spotlight search (Ctrl/Cmd+K)': jump to any page of the drawer. */
function SpotlightDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { user } = useShellSession();
  const [q, setQ] = useState('');
  const items = (user ? visibleDrawerItems(user) : [])
    .map((item) => ({ item, label: translate(`shell.drawer.${item.key}`) }))
    .filter(({ label }) => label.toLowerCase().includes(q.trim().toLowerCase()));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="spotlight-title">
      <DialogHeader id="spotlight-title" title={translate('shell.spotlight.title')} onClose={onClose} />
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label={translate('shell.spotlight.label')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          sx={{ mt: 1 }}
        />
        {items.length === 0 && (
          <Typography sx={{ mt: 2 }} role="status">
            {translate('shell.spotlight.noResults')}
          </Typography>
        )}
        <List aria-label={translate('shell.spotlight.title')}>
          {items.map(({ item, label }) => (
            <ListItem key={item.key} disablePadding>
              <ListItemButton
                onClick={() => {
                  onClose();
                  if (item.to) navigate(item.to);
                  else openAccountSearch();
                }}
              >
                <ListItemText primary={label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </DialogContent>
    </Dialog>
  );
}

/** The '/' and Ctrl/Cmd+K keys, and the drawer's Advanced Search. */
export function SearchDialogs({ accountSearch }: { accountSearch: boolean }) {
  const [open, setOpen] = useState<'account' | 'spotlight' | null>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mods = { ctrl: event.ctrlKey, meta: event.metaKey, alt: event.altKey };
      if (opensSpotlight(event.key, mods)) {
        event.preventDefault();
        setOpen('spotlight');
      } else if (accountSearch && opensSearchOnSlash(event.key, event.target as HTMLElement | null, mods)) {
        event.preventDefault();
        setOpen('account');
      }
    };
    window.addEventListener('keydown', onKey);
    const stop = onOpenAccountSearch(() => setOpen('account'));
    const stopSpotlight = onOpenSpotlight(() => setOpen('spotlight'));
    return () => {
      window.removeEventListener('keydown', onKey);
      stop();
      stopSpotlight();
    };
  }, [accountSearch]);
  return (
    <>
      {/* Mounted while open: each opening starts empty. */}
      {accountSearch && open === 'account' && <AccountSearchDialog open onClose={() => setOpen(null)} />}
      {open === 'spotlight' && <SpotlightDialog open onClose={() => setOpen(null)} />}
    </>
  );
}
