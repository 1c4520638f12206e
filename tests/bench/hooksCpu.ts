/**
 * CPU time a request of the portal's request path, without the network and without the database:
 * a signed-in route under /api answering a constant in the portal (every hook a signed-in read
 * takes, the request log at level info to a sink) beside the same handler on a bare Fastify,
 * both through `inject`, the same number of requests each, rounds alternating. The difference is
 * what the portal's hooks cost a request. Usage:
 *   npx tsx tests/bench/hooksCpu.ts [requests per round, default 2000] [rounds, default 20]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { sessionCookie } from './injectSession.js';

const REQUESTS = Number(process.argv[2] ?? 2000);
const ROUNDS = Number(process.argv[3] ?? 20);
/** Requests in flight at once, as under the bench's load (and so the session cache answers them). */
const BATCH = 64;
const ANSWER = Array.from({ length: 25 }, (_, i) => ({ id: i, title: `news ${i}`, order: i }));

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-hooks-'));
const config = loadConfig({ DATA_DIR: dataDir, DEMO: 'true', LOG_LEVEL: 'info', ALARM_SIMULATOR: 'false' });
const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
// The portal's own logger options (redaction, serializers), written to a sink.
const first = await buildApp(config, { logger: false });
await first.close();
const app = await buildApp(config, { logStream: sink });
app.get('/api/bench/constant', { config: { access: 'signedIn' } }, async () => ANSWER);
await app.ready();
const bare = Fastify({ logger: false });
bare.get('/api/bench/constant', async () => ANSWER);
await bare.ready();
const { cookie } = await sessionCookie(app, { username: 'support.admin', internal: true });

async function round(server: FastifyInstance, headers: Record<string, string>): Promise<number> {
  const started = process.cpuUsage();
  for (let sent = 0; sent < REQUESTS; sent += BATCH) {
    const answers = await Promise.all(
      Array.from({ length: BATCH }, () => server.inject({ method: 'GET', url: '/api/bench/constant', headers })),
    );
    if (answers[0].statusCode !== 200) throw new Error(`${answers[0].statusCode} ${answers[0].body}`);
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / REQUESTS;
}

// Once each, unmeasured: V8 optimizes the path first.
await round(bare, {});
await round(app, { cookie });
const bareUs: number[] = [];
const portalUs: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  bareUs.push(await round(bare, {}));
  portalUs.push(await round(app, { cookie }));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
// Neighbours on a shared machine only ever add CPU time (caches, frequency): the least of the
// rounds is the steadier figure, the median is beside it.
const least = (values: number[]) => Math.min(...values);
const line = (name: string, values: number[]) =>
  console.log(`  ${name.padEnd(14)} ${least(values).toFixed(1).padStart(6)} ${median(values).toFixed(1).padStart(6)}`);
console.log(`CPU µs a request, ${ROUNDS} rounds of ${REQUESTS} each (least, median):`);
line('bare Fastify', bareUs);
line('portal', portalUs);
console.log(
  `  portal - bare  ${(least(portalUs) - least(bareUs)).toFixed(1).padStart(6)} ${(median(portalUs) - median(bareUs)).toFixed(1).padStart(6)}`,
);
await app.close();
await bare.close();
rmSync(dataDir, { recursive: true, force: true });
