/** The light sign-in app's loader (vite.config.ts lightAppLoader): loads src/web/entry/loginEntry.tsx and starts it. */
declare module 'virtual:light-app' {
  export function startLightApp(): Promise<void>;
}
