import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';

// The admin is its own chunk, so entry pages that do not need it stay small.
const App = lazy(() => import('../app/App.js').then((m) => ({ default: m.App })));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={null}>
      <App />
    </Suspense>
  </StrictMode>,
);
