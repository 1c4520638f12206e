import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { pickLanguage } from '../../common/i18n.js';
import { createOutbox, type Outbox } from './outbox.js';
import { renderOutboxPage } from './outboxPage.js';
import { closedObject, validationErrorSchema } from '../../../schemas/shared.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outbound email and text messages (mail/outbox.ts). */
    outbox: Outbox;
  }
}

/** Most messages the demo outbox lists. */
const OUTBOX_LIST_LIMIT = 50;

const outboxQuerystring = {
  type: 'object',
  required: ['to'],
  properties: { to: { type: 'string', minLength: 1, maxLength: 254 } },
} as const;

const pageQuerystring = {
  type: 'object',
  properties: { to: { type: 'string', maxLength: 254 } },
} as const;

const outboxEntry = closedObject({
  channel: { type: 'string', enum: ['email', 'sms'] },
  to: { type: 'string' },
  subject: { type: ['string', 'null'] },
  text: { type: 'string' },
  createdAt: { type: 'string', format: 'date-time' },
});

const outboxResponse = { type: 'array', maxItems: OUTBOX_LIST_LIMIT, items: outboxEntry } as const;

/**
 * Decorates `app.outbox` (needs `app.db` and `app.config`) and closes it with
 * the app. In demo mode only, it also serves the dev outbox, so a person trying
 * the demo can read the codes and links the portal sent:
 * - GET /api/dev/outbox?to=ADDRESS: messages to ADDRESS, newest first;
 * - GET /dev/outbox: a small page showing the same.
 * Both paths are registered in full: register this plugin at the root.
 */
export const outboxPlugin = fp(
  async (parent: FastifyInstance) => {
    const outbox = createOutbox({ db: parent.db, config: parent.config, log: parent.log.child({ module: 'outbox' }) });
    parent.decorate('outbox', outbox);
    parent.addHook('onClose', async () => outbox.close());

    if (!parent.config.demo) return;
    const app = parent.withTypeProvider<JsonSchemaToTsProvider>();

    app.get(
      '/api/dev/outbox',
      {
        config: { access: 'public' },
        schema: {
          tags: ['dev'],
          summary: 'Demo mode only: the email and text messages sent to an address, newest first',
          querystring: outboxQuerystring,
          response: { 200: outboxResponse, 400: validationErrorSchema },
        },
      },
      async (request, reply) => {
        const entries = await outbox.listFor(request.query.to, OUTBOX_LIST_LIMIT);
        reply.header('Cache-Control', 'no-store');
        return entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() }));
      },
    );

    app.get(
      '/dev/outbox',
      {
        schema: { hide: true, querystring: pageQuerystring },
      },
      async (request, reply) => {
        const nonce = randomBytes(16).toString('base64');
        const html = renderOutboxPage({
          t: request.t,
          lang: pickLanguage(request.headers['accept-language']),
          to: request.query.to ?? '',
          nonce,
        });
        return reply
          .header('Content-Type', 'text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Referrer-Policy', 'no-referrer')
          .header(
            'Content-Security-Policy',
            `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; ` +
              "img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
          )
          .send(html);
      },
    );
  },
  { name: 'outbox', fastify: '5.x', decorators: { fastify: ['db', 'config'] } },
);
