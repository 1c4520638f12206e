/**
 * Webhook durability (npm run test:durability, after run.ts): a delivery waiting for its retry
 * survives kill -9.
 *
 * Starts the portal as a child process on a fresh PGlite data dir with the demo data, subscribes
 * dealer.beta to a local receiver that answers 500 to its first attempt, ingests EVENTS alarms,
 * waits until the log shows that failure (the retry then pending), kills the portal with SIGKILL,
 * restarts it on the same data dir and waits until the receiver has every event. The receiver
 * drops repeats by webhook-id (delivery is at least once); the check is that each event arrives
 * and that the first receipts come in the order of ingest. The retry runs at its real time (the
 * first retry waits 2.5–5 s): nothing here depends on a duration, only on what arrives.
 *
 * Run by tests/durability/run.ts after its own check.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signedInClient } from '../integration/client.js';
import { freePort } from './script.js';
import { portalEnv, startServer, waitHealthy, type Server } from '../bench/childPortal.js';

const EVENTS = 20;
/** Every wait for the portal or the receiver ends after this (a failure, never a measure). */
const GIVE_UP_MS = 120_000;

async function eventually<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + GIVE_UP_MS;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** Sets process.exitCode to 1 on a lost or misordered event; throws when the portal does not come up. */
export async function webhooksDurability(): Promise<void> {
  // The receiver: 500 to the first attempt, 204 after; first receipts kept in order, repeats counted.
  const firstSeen: { id: string; seq: number }[] = [];
  const seen = new Set<string>();
  let attempts = 0;
  let repeats = 0;
  const receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      attempts++;
      if (attempts === 1) {
        response.writeHead(500).end('not yet');
        return;
      }
      const id = String(request.headers['webhook-id']);
      if (seen.has(id)) repeats++;
      else {
        seen.add(id);
        const { data } = JSON.parse(body) as { data: { eventCodeDescription: string } };
        firstSeen.push({ id, seq: Number(/#(\d+)$/.exec(data.eventCodeDescription)?.[1]) });
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;

  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-durability-webhooks-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = portalEnv(port, dataDir, { DATABASE_URL: '', REDIS_URL: '', WEBHOOKS_ALLOW_LOOPBACK: 'true' });
  const start = async () => {
    const server = startServer(env);
    await waitHealthy(origin, server, () => server.tail.join('\n'), 250);
    return server;
  };
  let server: Server = await start();
  try {
    const beta = await signedInClient(origin, 'dealer.beta');
    // An account of dealer.beta's group with a transmitter code: the quick search by a first character.
    let site: { siteNum: number; transmitterCode: string | null; xmit: string | null } | undefined;
    for (const q of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      const found = (await (await beta.request('GET', `/api/site/search?q=${q}`)).json()) as NonNullable<typeof site>[];
      site = found.find((s) => s.transmitterCode ?? s.xmit);
      if (site) break;
    }
    if (!site) throw new Error('no account of dealer.beta found');
    const created = await beta.request('POST', '/api/webhookSubscriptions', {
      url: receiverUrl,
      eventTypes: ['alarm.received'],
      siteNums: [site.siteNum],
      status: 'active',
    });
    if (created.status !== 201) throw new Error(`subscription: ${created.status} ${await created.text()}`);
    const subscription = (await created.json()) as { id: number };

    const ingested = await fetch(`${origin}/api/integrations/alarms`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo-integration-key', 'content-type': 'application/json' },
      body: JSON.stringify({
        alarms: Array.from({ length: EVENTS }, (_, i) => ({
          transmitterCode: site!.transmitterCode ?? site!.xmit,
          eventCode: 'E130',
          eventCodeDescription: `Durability #${i}`,
          alarmDate: new Date().toISOString(),
        })),
      }),
    });
    if (!ingested.ok) throw new Error(`ingest: ${ingested.status} ${await ingested.text()}`);

    // The first attempt failed and its retry is queued: the log says so.
    await eventually('the failed first attempt in the log', async () => {
      const log = await beta.request(
        'GET',
        `/api/webhookDeliveries?filter=${encodeURIComponent(JSON.stringify({ subscriptionId: subscription.id }))}`,
      );
      const rows = (await log.json()) as { status: string; attempt: number; nextAttemptAt: string | null }[];
      return rows.some((row) => row.status === 'pending' && row.attempt === 1 && row.nextAttemptAt) ? true : undefined;
    });
    server.child.kill('SIGKILL');
    const code = await server.exited;
    console.log(
      `webhooks durability: first attempt failed, retry pending; server killed with SIGKILL (exit ${code}), ${firstSeen.length} delivered before`,
    );

    server = await start();
    await eventually(`all ${EVENTS} events at the receiver`, async () => (firstSeen.length >= EVENTS ? true : undefined));
    const ordered = firstSeen.every((receipt, i) => receipt.seq === i);
    console.log(
      `webhooks durability: ${firstSeen.length} of ${EVENTS} events received after the restart, ${repeats} repeats dropped, ` +
        `${ordered ? 'in order' : 'OUT OF ORDER'} (${attempts} attempts)`,
    );
    if (firstSeen.length !== EVENTS || !ordered) {
      console.error(`webhooks durability: FAILED, received ${firstSeen.map((r) => r.seq).join(', ')}`);
      process.exitCode = 1;
    } else console.log('webhooks durability: OK');
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
    receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
