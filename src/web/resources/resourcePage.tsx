import { createContext, lazy, Suspense, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { LinearProgress, useResourceContext, useTranslate } from 'react-admin';
import { canAccess, type AccessRequest } from '../../common/access.js';
import { loadPageCatalogues, pageCataloguesLoaded, withPageCatalogues } from '../providers/i18nProvider.js';
import { useSession } from '../providers/useSession.js';
import { PageTitle } from './PageTitle.js';
import { resourceGate } from './resourceNames.js';

/**
 * What a page shows to a user its gate refuses: the shell's §6 access-denied page, which App.tsx
 * provides (it is the app's, and a feature's page cannot import the app).
 */
export const AccessDeniedContext = createContext<ReactNode>(null);

/** While a page's code loads: a progress bar after half a second (none flashes on a quick load). */
export function PageLoading() {
  const translate = useTranslate();
  return <LinearProgress timeout={500} aria-label={translate('ra.page.loading')} sx={{ m: 2, width: 'auto' }} />;
}

/**
 * The page's texts first: the catalogues the shell does not load (providers/i18nProvider.ts) come
 * with the first page, and meanwhile the progress bar shows, never a key.
 */
export function PageCatalogues({ area, children }: { area?: string; children: ReactNode }) {
  // Read on every render, not kept in state: the router keeps this component when the user moves
  // from one area to another, and the next area's catalogues may not be in yet.
  const loaded = pageCataloguesLoaded(area);
  const [, arrived] = useState(0);
  const [failed, setFailed] = useState<unknown>();
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadPageCatalogues(area).then(
      () => live && arrived((n) => n + 1),
      (error: unknown) => live && setFailed(error ?? new Error('the catalogues did not load')),
    );
    return () => {
      live = false;
    };
  }, [loaded, area]);
  // As a page whose code fails to load: react-admin's error boundary shows it.
  if (failed) throw failed;
  return loaded ? children : <PageLoading />;
}

/**
 * §6 route gate: the page (loaded lazily), or the access-denied page in its place; nothing until
 * the session is known. `area`: the page's name, for the catalogues it loads (PageCatalogues).
 */
export function PageGate({
  access,
  area,
  children,
}: {
  access: Pick<AccessRequest, 'resource' | 'action'>;
  area?: string;
  children: ReactNode;
}) {
  const { user } = useSession();
  const denied = useContext(AccessDeniedContext);
  if (!user) return null;
  if (!canAccess(user, access)) return denied;
  return (
    <PageCatalogues area={area}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </PageCatalogues>
  );
}

export interface PageFrameOptions {
  /** The page's title (SPEC §2), a locale key. */
  titleKey: string;
  /** The area's tabs above the page (the answering service's, the reports'). */
  nav?: ComponentType;
}

/** A page's h1 and document title, its area's tabs, and the page. */
export function PageFrame({ titleKey, nav: Nav, children }: PageFrameOptions & { children: ReactNode }) {
  const translate = useTranslate();
  return (
    <>
      <PageTitle title={translate(titleKey)} />
      {Nav && <Nav />}
      {children}
    </>
  );
}

/** A page component loaded when first drawn (SPEC §2 'Lazily loaded areas'), with the progress bar meanwhile. */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Page = lazy(withPageCatalogues(() => load().then((component) => ({ default: component }))));
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page {...props} />
      </Suspense>
    );
  };
}

/**
 * An entity's page as its resource's `list`, spread into the folder's index.ts as news spreads
 * slideOverRedirects: loaded lazily (SPEC §2 'Lazily loaded areas') behind the gate of the
 * resource's access entry (resourceNames.ts), titled, under its area's tabs; the title is the
 * resource's label too.
 */
export function resourcePage(
  options: PageFrameOptions,
  load: () => Promise<ComponentType>,
): { list: ComponentType; options: { label: string } } {
  const Page = lazy(() => load().then((component) => ({ default: component })));
  function ResourcePage() {
    const resource = useResourceContext() ?? '';
    return (
      <PageGate access={resourceGate(resource)}>
        <PageFrame {...options}>
          <Page />
        </PageFrame>
      </PageGate>
    );
  }
  return { list: ResourcePage, options: { label: options.titleKey } };
}
