import { isLightPath } from './routes.js';

// Two apps behind one HTML entry: the sign-in pages load a light app (no react-admin,
// SPEC §2 login, login/register), every other path the react-admin portal.
if (isLightPath(window.location.pathname)) void import('./loginEntry.js').then((m) => m.startLoginApp());
else void import('./adminEntry.js').then((m) => m.startAdminApp());
