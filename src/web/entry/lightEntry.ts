// The light sign-in app's entry in the build, where Preact's React layer stands in for React
// (vite.config.ts): its React-like behaviours first, then the app.
import './preactShims.js';

export { startLoginApp } from './loginEntry.js';
