import { createRoot } from 'react-dom/client';
import { Admin, ListGuesser, Resource } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

/**
 * The bare react-admin skeleton of the bundle figure: an Admin with the
 * stock simple-rest dataProvider and one guessed list, nothing of the portal.
 * Built by tests/bench/routeBundle.ts with the portal's Vite settings.
 */
createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={simpleRestProvider('/api')}>
    <Resource name="sites" list={ListGuesser} />
  </Admin>,
);
