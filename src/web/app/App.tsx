import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Admin, Resource, type I18nProvider } from 'react-admin';
import { authProvider } from '../providers/authProvider.js';
import { createDataProvider } from '../providers/dataProvider.js';
import { createI18nProvider } from '../providers/i18nProvider.js';
import { news } from '../news/index.js';

const dataProvider = createDataProvider();

/** The authenticated portal. Sign-in, the shell and the other areas join here. */
export function App() {
  const [i18nProvider, setI18nProvider] = useState<I18nProvider>();
  useEffect(() => {
    void createI18nProvider().then(setI18nProvider);
  }, []);
  if (!i18nProvider) return null;
  return (
    // Real paths (SPEC §2 routes), not react-admin's default hash router.
    <BrowserRouter>
      <Admin dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} requireAuth disableTelemetry>
        <Resource name="news" {...news} />
      </Admin>
    </BrowserRouter>
  );
}
