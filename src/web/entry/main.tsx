import { startLightApp } from 'virtual:light-app';
import { isLightPath } from './routes.js';

// Two apps behind one HTML entry: the sign-in pages load a light app (no react-admin, and Preact's
// React layer in the build: vite.config.ts; SPEC §2 login, login/register), every other path the
// react-admin portal.
if (isLightPath(window.location.pathname)) void startLightApp();
else void import('./adminEntry.js').then((m) => m.startAdminApp());
