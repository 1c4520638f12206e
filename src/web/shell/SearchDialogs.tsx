import { Suspense, lazy, useEffect, useState } from 'react';
import { opensSearchOnSlash, opensSpotlight } from './recentSearches.js';
import { onOpenAccountSearch, onOpenSpotlight } from './shellEvents.js';

// The dialogs load when first opened: the shell's start carries only the keys that open them.
const AccountSearchDialog = lazy(() => import('./SearchDialogContent.js').then((m) => ({ default: m.AccountSearchDialog })));
const SpotlightDialog = lazy(() => import('./SearchDialogContent.js').then((m) => ({ default: m.SpotlightDialog })));

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
    <Suspense fallback={null}>
      {/* Mounted while open: each opening starts empty. */}
      {accountSearch && open === 'account' && <AccountSearchDialog open onClose={() => setOpen(null)} />}
      {open === 'spotlight' && <SpotlightDialog open onClose={() => setOpen(null)} accountSearch={accountSearch} />}
    </Suspense>
  );
}
