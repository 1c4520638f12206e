/**
 * Durability check (npm run test:durability): no acknowledged write is lost
 * when the server dies mid-load.
 *
 * Starts the portal as a child process (tsx src/server/main.ts) on a fresh
 * PGlite data dir with the demo data, signs in as support.admin (internal),
 * sends WRITES concurrent news creates, kills the server with SIGKILL once
 * half of them are acknowledged (2xx), restarts it on the same data dir and
 * reads every acknowledged item back through the API. Then an account import
 * (dealer.beta) of IMPORT_ROWS rows is started and the server killed with
 * SIGKILL once part of them are created; restarted on the same data dir, the
 * job goes on by itself, and every row must end created exactly once (its own
 * account, no row refused: a row created twice would find its transmitter
 * taken). Prints the counts; exits 1 on any loss or duplicate, or when the data
 * dir does not open again.
 *
 *   tsx tests/durability/run.ts [--writes 500]   (or DURABILITY_WRITES=500; DURABILITY_IMPORT_ROWS=2000)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { json, signedInClient } from '../integration/client.js';
import { freePort, runCheck } from './script.js';
import { webhooksDurability } from './webhooks.js';
import { portalEnv, startServer, waitHealthy, type Server } from '../bench/childPortal.js';

function writesWanted(): number {
  const flag = process.argv.indexOf('--writes');
  const raw = flag >= 0 ? process.argv[flag + 1] : process.env.DURABILITY_WRITES || '500';
  const writes = Number(raw);
  if (!Number.isInteger(writes) || writes < 2) throw new Error(`--writes must be a whole number of at least 2 (got "${raw}")`);
  return writes;
}

/**
 * The portal on `dataDir`, embedded database and no Redis whatever the caller's environment says.
 * What is checked here is what survives a kill, not the overload guard (tested on its own): a busy
 * machine's 503s would otherwise hide the import's progress until it has ended.
 */
const startPortal = (dataDir: string, port: number): Server =>
  startServer(portalEnv(port, dataDir, { MAX_EVENT_LOOP_DELAY_MS: '0', DATABASE_URL: '', REDIS_URL: '' }));
/** The server's last output, for a failed start or case. */
const lastOutput = (server: Server) => server.tail.join('\n');

const IMPORT_ROWS = Number(process.env.DURABILITY_IMPORT_ROWS || 600);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A call asked again while the busy server's overload guard answers 503 (it refuses before doing anything). */
async function unlessBusy(call: () => Promise<Response>): Promise<Response> {
  for (let i = 0; ; i++) {
    const response = await call();
    if (response.status !== 503 || i === 100) return response;
    await sleep(200);
  }
}

/** An import killed mid-way: answers the restarted server, and whether every row was created once and the batch finished. */
async function importKilled(origin: string, dataDir: string, port: number, server: Server): Promise<{ server: Server; ok: boolean }> {
  const beta = await signedInClient(origin, 'dealer.beta');
  const stamp = Date.now().toString(36).toUpperCase().slice(-5);
  const header = 'siteName,country,addressLine1,city,state,postalCode,device1TransmitterCode,contact1Name,contact1Phone';
  const lines = Array.from(
    { length: IMPORT_ROWS },
    (_, i) => `Durable ${stamp} ${i},US,${i + 1} Main St,Evanston,IL,60201,DU${stamp}${String(i).padStart(5, '0')},Ada,312-555-0143`,
  );
  const uploaded = await json(
    await unlessBusy(() =>
      beta.requestForm('POST', '/api/siteImports', {}, [{ name: 'durable.csv', content: Buffer.from([header, ...lines].join('\n')) }]),
    ),
  );
  const id = uploaded.body.id as number;
  const previewed = await json(
    await unlessBusy(() => beta.request('PUT', `/api/siteImports/${id}/mapping`, { mapping: uploaded.body.mapping })),
  );
  const counts = previewed.body.counts as Record<string, number> | undefined;
  // Ready, or ready with completeness warnings (no passcode, as the wizard warns).
  if ((counts?.ready ?? 0) + (counts?.warning ?? 0) !== IMPORT_ROWS)
    throw new Error(`the preview answered ${previewed.status}: ${JSON.stringify(counts ?? previewed.body)}`);
  const started = await unlessBusy(() => beta.request('POST', `/api/siteImports/${id}/start`));
  if (started.status !== 202) throw new Error(`the start answered ${started.status}`);
  let createdAtKill = 0;
  for (;;) {
    const { status, body } = await json(await beta.request('GET', `/api/siteImports/${id}`));
    // A busy server may answer 503 (the overload guard) while the job runs: asked again.
    if (status !== 200) {
      await sleep(50);
      continue;
    }
    createdAtKill = body.counts.created;
    if (body.status !== 'running') throw new Error(`the import ended ${body.status} before the kill`);
    // Killed as soon as some rows are created: mid-way, whatever the machine's speed.
    if (createdAtKill > 0) break;
    await sleep(20);
  }
  server.child.kill('SIGKILL');
  await server.exited;
  console.log(`durability: import of ${IMPORT_ROWS} rows killed with SIGKILL after ${createdAtKill} created`);

  const again = startPortal(dataDir, port);
  const restarted = Date.now();
  await waitHealthy(origin, again, () => lastOutput(again), 250);
  const client = await signedInClient(origin, 'dealer.beta');
  let batch: { status: string; counts: Record<string, number> } = { status: 'running', counts: {} };
  for (const deadline = Date.now() + 300_000; batch.status === 'running' && Date.now() < deadline; await sleep(250)) {
    const answer = await json(await client.request('GET', `/api/siteImports/${id}`));
    if (answer.status === 200) batch = answer.body;
  }
  const result = await (await unlessBusy(() => client.request('GET', `/api/siteImports/${id}/result?format=csv`))).text();
  // The result's rows: row, status, account number, errors, then the values (none of them quoted here).
  const rows = result.split(/\r?\n/).filter((line) => line.includes(`DU${stamp}`));
  const siteNums = new Set(rows.map((line) => line.split(',')[2]).filter((n) => /^\d+$/.test(n)));
  const created = batch.counts.created ?? 0;
  const ok = batch.status === 'done' && created === IMPORT_ROWS && (batch.counts.refused ?? 0) === 0 && siteNums.size === IMPORT_ROWS;
  console.log(
    `durability: restarted, the import went on and ended ${batch.status} ${Date.now() - restarted} ms later: ${created} of ${IMPORT_ROWS} rows created, ` +
      `${batch.counts.refused ?? 0} refused, ${siteNums.size} distinct accounts in the result file`,
  );
  return { server: again, ok };
}

async function main() {
  const writes = writesWanted();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-durability-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let server = startPortal(dataDir, port);
  try {
    const started = Date.now();
    await waitHealthy(origin, server, () => lastOutput(server), 250);
    console.log(`durability: server up with demo data in ${Date.now() - started} ms (data dir ${dataDir})`);
    const client = await signedInClient(origin, 'support.admin', { internal: true });

    // All writes at once; SIGKILL as soon as half of them are acknowledged.
    const acknowledged = new Map<number, string>();
    let failed = 0;
    const killAt = Math.floor(writes / 2);
    const run = Date.now();
    await Promise.all(
      Array.from({ length: writes }, async (_, i) => {
        const title = `Durability ${i} ${run}`;
        try {
          const response = await client.request('POST', '/api/news', { title, body: `Write ${i} of the durability check.` });
          if (response.status >= 200 && response.status < 300) {
            const { id } = (await response.json()) as { id: number };
            acknowledged.set(id, title);
            if (acknowledged.size === killAt) server.child.kill('SIGKILL');
          } else failed++;
        } catch {
          failed++;
        }
      }),
    );
    const code = await server.exited;
    console.log(
      `durability: ${writes} writes sent, ${acknowledged.size} acknowledged, ${failed} not (server killed with SIGKILL after ${killAt}; exit ${code})`,
    );

    server = startPortal(dataDir, port);
    const restarted = Date.now();
    await waitHealthy(origin, server, () => lastOutput(server), 250);
    console.log(`durability: restarted on the same data dir in ${Date.now() - restarted} ms`);
    const again = await signedInClient(origin, 'support.admin', { internal: true });
    const ids = [...acknowledged.keys()];
    const lost: number[] = [];
    for (let i = 0; i < ids.length; i += 25) {
      await Promise.all(
        ids.slice(i, i + 25).map(async (id) => {
          const response = await unlessBusy(() => again.request('GET', `/api/news/${id}`));
          const item = response.status === 200 ? ((await response.json()) as { title?: string }) : undefined;
          if (item?.title !== acknowledged.get(id)) lost.push(id);
        }),
      );
    }
    console.log(
      `durability: ${ids.length - lost.length} of ${ids.length} acknowledged writes found after the restart, ${lost.length} lost`,
    );
    if (lost.length) {
      console.error(`durability: FAILED, lost news ids ${lost.slice(0, 20).join(', ')}${lost.length > 20 ? '…' : ''}`);
      process.exitCode = 1;
    } else if (acknowledged.size < killAt) {
      console.error(`durability: FAILED, only ${acknowledged.size} writes were acknowledged before the kill`);
      process.exitCode = 1;
    } else {
      const imported = await importKilled(origin, dataDir, port, server).catch((error: unknown) => {
        console.error(
          `durability: the import case failed (${String(error)}); the server's last output:\n${lastOutput(server).slice(-3000)}`,
        );
        throw error;
      });
      server = imported.server;
      if (!imported.ok) {
        console.error('durability: FAILED, the import killed mid-way did not end with every row created exactly once');
        process.exitCode = 1;
      } else console.log('durability: OK');
    }
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runCheck('durability', async () => {
  await main();
  // A webhook delivery waiting for its retry, killed and restarted (webhooks.ts).
  if (!process.exitCode) await webhooksDurability();
});
