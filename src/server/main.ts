import { ConfigError, demoModeWarning, loadConfig } from './config.js';
import { buildApp } from './app.js';

/** Starts the portal: `npm start` (built app) or `npm run dev` (Vite hot reload). */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  const demoWarning = demoModeWarning(config);
  if (demoWarning) app.log.warn(demoWarning);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing open requests, then stopping`);
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`portal ready at ${config.publicUrl}${config.demo ? ' (demo data on)' : ''}`);
}

main().catch((error) => {
  console.error('The portal failed to start:', error);
  process.exit(1);
});
