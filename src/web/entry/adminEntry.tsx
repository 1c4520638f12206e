import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';

// The admin is its own chunk.
const App = lazy(() => import('../app/App.js').then((m) => ({ default: m.App })));

export function startAdminApp() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Suspense fallback={null}>
        <App />
      </Suspense>
    </StrictMode>,
  );
}
