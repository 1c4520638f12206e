import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/errors.js';
import { routeOptions } from '../http/routeOptions.js';
import { CAPTCHA_ALGORITHM, createCaptcha, type Captcha } from './captcha.js';
import { closedObject } from '../../../schemas/shared.js';
import { ANONYMOUS_FORM_LIMIT } from '../http/rateLimit.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ALTCHA captcha: challenges for the widget, one-time verification of its payload. */
    captcha: Captcha;
  }
}

export interface CaptchaPluginOptions {
  /** The application secret (app.secrets.sessionSecret); the captcha derives its own key from it. */
  secret: string;
  /** Difficulty; 50,000 unless set (tests use a small number). */
  maxNumber?: number;
}

export const CAPTCHA_CHALLENGE_PATH = '/api/captcha/challenge';

/** What the `altcha` widget (2.x) reads from its `challengeurl`. */
const captchaChallengeSchema = closedObject({
  algorithm: { type: 'string', enum: [CAPTCHA_ALGORITHM] },
  challenge: { type: 'string', description: 'SHA-256 hex of salt + the secret number' },
  maxnumber: { type: 'integer', minimum: 1, description: 'Upper bound of the number to find' },
  salt: { type: 'string', description: 'Random salt with the signed expiry: <hex>?expires=<unix seconds>&' },
  signature: { type: 'string', description: 'HMAC-SHA256 of the challenge' },
});

const route = routeOptions(['captcha']);

/**
 * Decorates `app.captcha` and serves GET /api/captcha/challenge (full path:
 * register this plugin at the root, not inside the /api prefix scope).
 */
export const captchaPlugin = fp(
  async (app: FastifyInstance, options: CaptchaPluginOptions) => {
    app.decorate('captcha', createCaptcha({ db: app.db, secret: options.secret, maxNumber: options.maxNumber }));

    app.get(
      CAPTCHA_CHALLENGE_PATH,
      route(
        {
          access: 'public',
          summary: 'A signed ALTCHA proof-of-work challenge, valid 10 minutes (the widget challengeurl)',
          response: { 200: captchaChallengeSchema },
        },
        { config: { rateLimit: ANONYMOUS_FORM_LIMIT } },
      ),
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return app.captcha.challenge();
      },
    );
  },
  { name: 'captcha', fastify: '5.x', decorators: { fastify: ['db'] } },
);

/**
 * For routes behind the captcha (sign-in, recovery, registration): throws a
 * 400 'captcha.invalid' unless `payload` (the widget's form value) is a fresh,
 * correct, unused solution. The widget must fetch a new challenge afterwards.
 */
export async function requireCaptcha(app: FastifyInstance, payload: unknown): Promise<void> {
  if (!(await app.captcha.verify(payload))) throw new HttpError(400, 'captcha.invalid');
}
