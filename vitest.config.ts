import { defineConfig } from 'vitest/config';
import { precompiledValidators } from './scripts/precompiledValidators.js';

export default defineConfig({
  test: {
    projects: [
      {
        // The forms' validators, as the browser build has them (vite.config.ts).
        plugins: [precompiledValidators()],
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'schemas/**/*.test.ts', 'tests/bench/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker for all its files: 160 files took 61 s isolated, 15 s not.
          // The unit tests keep no state between files (pure rules, components rendered afresh).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // Drops the run's PostgreSQL schemas once every suite has finished.
          globalSetup: ['tests/integration/globalSetup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite and argon2 are CPU-heavy: two files at a time on a 2-core machine.
          maxWorkers: 2,
          // One module graph per worker: each file paid some 2.3 s of module import when isolated.
          // Every suite builds its own app and database (harness.ts) and keeps no module state.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
