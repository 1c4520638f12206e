import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TFunction } from 'i18next';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/server/db/database.js';
import { createServerI18n, type ServerI18n } from '../../src/server/i18n.js';
import { createOutbox } from '../../src/server/mail/outbox.js';
import { outboxPlugin } from '../../src/server/mail/outboxPlugin.js';
import { EMBEDDED } from './harness.js';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

const MAIL_FROM = 'Portal Test <portal@example.test>';
const port = (server: { address(): unknown }) => (server.address() as AddressInfo).port;

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts. */
async function startSmtp() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        received.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, port: port(server.server), close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A real HTTP "SMS provider": /sms accepts, /fail answers 500. */
async function startSmsProvider() {
  const received: { body: unknown; contentType: string | undefined }[] = [];
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    if (request.method === 'POST' && request.url === '/sms') {
      received.push({ body: JSON.parse(body), contentType: request.headers['content-type'] });
      response.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
    } else {
      response.writeHead(500).end('provider down');
    }
  };
  // A body that does not parse answers 500, as a provider would, instead of leaving the request hanging.
  const server: Server = createServer((request, response) => void answer(request, response).catch(() => response.writeHead(500).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, port: port(server), close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const free = port(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return free;
}

describe.skipIf(!EMBEDDED)('outbound messages and the demo outbox', () => {
  let handle: DatabaseHandle;
  let i18n: ServerI18n;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let sms: Awaited<ReturnType<typeof startSmsProvider>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-outbox-'));
  const apps: FastifyInstance[] = [];

  async function startApp(env: Record<string, string>, logLines?: string[]) {
    const app = Fastify({
      logger: logLines ? { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } : false,
    });
    app.decorate('db', handle.db);
    app.decorate('config', loadConfig({ DATA_DIR: dataDir, MAIL_FROM, LOG_LEVEL: 'silent', ...env }));
    app.decorateRequest('t', null as unknown as TFunction);
    app.addHook('onRequest', async (request) => {
      request.t = i18n.forRequest(request.headers['accept-language']);
    });
    await app.register(outboxPlugin);
    await app.ready();
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: null });
    await migrateToLatest(handle.db);
    i18n = await createServerI18n();
    smtp = await startSmtp();
    sms = await startSmsProvider();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await smtp?.close();
    await sms?.close();
    await handle?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const demoEnv = () => ({
    DEMO: 'true',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    SMS_URL: `http://127.0.0.1:${sms.port}/sms`,
  });
  const outboxRow = (messageId: number) =>
    handle.db.selectFrom('outbox_messages').selectAll().where('message_id', '=', messageId).executeTakeFirstOrThrow();

  it('delivers an email through SMTP from MAIL_FROM and records it as sent', async () => {
    const app = await startApp(demoEnv());
    const result = await app.outbox.sendEmail({
      to: 'dana@example.test',
      subject: 'Your verification code',
      text: 'Your code is 482913. It expires in 10 minutes.',
    });
    expect(result).toMatchObject({ delivered: true, status: 'sent' });

    const mail = smtp.received.find((m) => m.to.includes('dana@example.test'));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('portal@example.test');
    expect(mail!.raw).toMatch(/^From: Portal Test <portal@example\.test>\r?$/m);
    expect(mail!.raw).toMatch(/^To: dana@example\.test\r?$/m);
    expect(mail!.raw).toMatch(/^Subject: Your verification code\r?$/m);
    expect(mail!.raw).toContain('Your code is 482913. It expires in 10 minutes.');

    const row = await outboxRow(result.messageId);
    expect(row).toMatchObject({ channel: 'email', recipient: 'dana@example.test', subject: 'Your verification code', error: null });
    expect(row.body).toBe('Your code is 482913. It expires in 10 minutes.');
    expect(row.sent_at).toBeInstanceOf(Date);
  });

  it('posts a text message as JSON to the SMS provider', async () => {
    const app = await startApp(demoEnv());
    const result = await app.outbox.sendText({ to: '+1 555 0100', text: 'Portal code: 730155' });
    expect(result).toMatchObject({ delivered: true, status: 'sent' });
    expect(sms.received).toContainEqual({
      body: { to: '+1 555 0100', text: 'Portal code: 730155' },
      contentType: 'application/json',
    });
    const row = await outboxRow(result.messageId);
    expect(row).toMatchObject({ channel: 'sms', recipient: '+1 555 0100', subject: null, error: null });
    expect(row.sent_at).toBeInstanceOf(Date);
  });

  it('lists the messages to an address newest first, whatever the case', async () => {
    const app = await startApp(demoEnv());
    await app.outbox.sendEmail({
      to: 'Casey@Example.test',
      subject: 'Reset your password',
      text: 'Open http://localhost:8080/reset?t=abc',
    });
    await app.outbox.sendText({ to: 'casey@example.test', text: 'Code 111222' });
    await app.outbox.sendEmail({ to: 'someone.else@example.test', subject: 'Not for Casey', text: 'Other' });

    const response = await app.inject({ url: '/api/dev/outbox?to=CASEY@EXAMPLE.TEST' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const list = response.json();
    expect(list).toEqual([
      { channel: 'sms', to: 'casey@example.test', subject: null, text: 'Code 111222', createdAt: expect.any(String) },
      {
        channel: 'email',
        to: 'Casey@Example.test',
        subject: 'Reset your password',
        text: 'Open http://localhost:8080/reset?t=abc',
        createdAt: expect.any(String),
      },
    ]);
    expect(Date.parse(list[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(list[1].createdAt));

    expect((await app.inject({ url: '/api/dev/outbox?to=nobody@example.test' })).json()).toEqual([]);
    expect((await app.inject({ url: '/api/dev/outbox' })).statusCode).toBe(400);
    expect((await app.inject({ url: `/api/dev/outbox?to=${'a'.repeat(255)}` })).statusCode).toBe(400);
  });

  it('keeps a message whose SMTP delivery fails, with the error, and does not throw', async () => {
    const logLines: string[] = [];
    const app = await startApp({ DEMO: 'true', SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` }, logLines);
    const result = await app.outbox.sendEmail({ to: 'erin@example.test', subject: 'Code', text: 'Secret code 999001' });
    expect(result).toMatchObject({ delivered: false, status: 'failed' });

    const row = await outboxRow(result.messageId);
    expect(row.sent_at).toBeNull();
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
    // Still readable in the demo outbox.
    const list = (await app.inject({ url: '/api/dev/outbox?to=erin@example.test' })).json();
    expect(list).toMatchObject([{ subject: 'Code', text: 'Secret code 999001' }]);

    const warning = logLines.map((line) => JSON.parse(line)).find((entry) => entry.level === 40);
    expect(warning).toMatchObject({ messageId: result.messageId, channel: 'email' });
    expect(logLines.join('\n')).not.toContain('999001');
  });

  it('records a refused text message and never logs its body', async () => {
    const logged: unknown[] = [];
    const log = { info: (...args: unknown[]) => void logged.push(args), warn: (...args: unknown[]) => void logged.push(args) };
    const outbox = createOutbox({
      db: handle.db,
      config: { smtpUrl: undefined, smsUrl: `http://127.0.0.1:${sms.port}/fail`, mailFrom: MAIL_FROM },
      log: log as never,
    });
    const result = await outbox.sendText({ to: '+1 555 0199', text: 'Code 424242' });
    expect(result).toMatchObject({ delivered: false, status: 'failed' });
    expect((await outboxRow(result.messageId)).error).toBe('SMS provider answered HTTP 500');

    // No SMTP configured: the email stays in the outbox only.
    const kept = await outbox.sendEmail({ to: 'frank@example.test', subject: 'Hi', text: 'Code 515151' });
    expect(kept).toMatchObject({ delivered: false, status: 'outboxOnly' });
    const keptRow = await outboxRow(kept.messageId);
    expect(keptRow).toMatchObject({ sent_at: null, error: null, body: 'Code 515151' });
    await outbox.close();

    expect(logged).toHaveLength(2);
    expect(JSON.stringify(logged)).not.toMatch(/424242|515151/);
  });

  it('has no dev outbox routes when DEMO is off', async () => {
    const app = await startApp({ DEMO: 'false', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    expect(app.outbox).toBeDefined();
    expect((await app.inject({ url: '/api/dev/outbox?to=dana@example.test' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
  });

  it('serves an accessible page that escapes the address it is given', async () => {
    const app = await startApp(demoEnv());
    const evil = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    const response = await app.inject({ url: `/dev/outbox?to=${encodeURIComponent(evil)}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'; script-src 'nonce-[^']+'/);

    const html = response.body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;"');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<label for="outbox-to">Email address or phone number</label>');
    expect(html).toMatch(/<input id="outbox-to" name="to"/);
    expect(html).toContain("fetch('/api/dev/outbox?to='");
    expect(html).toContain('prefers-color-scheme: dark');
    expect(html).not.toMatch(/<(link|img)\b|src="http/);

    const spanish = await app.inject({ url: '/dev/outbox', headers: { 'accept-language': 'es' } });
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('<title>Bandeja de salida de demostración</title>');
  });
});
