import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers on every answer, through @fastify/helmet:
 * a Content-Security-Policy without inline script, nosniff, a Referrer-Policy,
 * HSTS when the portal is served over https, and `Cache-Control: no-store`
 * on API answers unless they are public or the route chose its own caching.
 * The few pages the server writes itself (outbox, classic stand-in, demo
 * identity provider) and the PDF download set their own, stricter policy.
 */
export interface SecurityHeaderOptions {
  publicUrl: string;
  /** HELP_CENTER_URL: the one origin besides this one the app may frame. */
  helpCenterUrl?: string;
  /** Vite's dev server injects an inline preamble script and talks to its HMR socket. */
  devServer?: boolean;
}

/** The origin of an absolute http(s) URL, or undefined for a path on this origin. */
function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  return new URL(url).origin;
}

/** The Help pages are framed by the app's Knowledge Base page: the one path that may be framed, by this origin only. */
const FRAMEABLE_PATH = '/help/';

/**
 * CSP directives. Scripts only from this origin (no inline script); styles
 * also inline, because MUI's emotion injects <style> elements at run time
 * ('unsafe-inline' for style-src only). Frames: this origin (the shipped help
 * pages) and HELP_CENTER_URL's. connect-src 'self' covers the live hubs'
 * WebSocket on the same origin (CSP level 3: 'self' matches ws/wss).
 */
export function cspDirectives({ publicUrl, helpCenterUrl, devServer }: SecurityHeaderOptions): Record<string, string[]> {
  const helpOrigin = originOf(helpCenterUrl);
  const https = publicUrl.startsWith('https:');
  return {
    'default-src': ["'self'"],
    // No 'unsafe-eval', in development either: the forms' validators are written by the build and by
    // the development server alike (scripts/precompiledValidators.ts). The development server allows
    // inline script for React's refresh preamble, which Vite writes into the page.
    'script-src': devServer ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    // The captcha widget (ALTCHA) solves its proof of work in a Worker made from a blob: URL.
    'worker-src': ["'self'", 'blob:'],
    'connect-src': devServer ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    'frame-src': helpOrigin ? ["'self'", helpOrigin] : ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    ...(https && { 'upgrade-insecure-requests': [] }),
  };
}

/** API paths whose answers hold nothing personal and may be cached: everything else under /api is `no-store`. */
const PUBLIC_API = [/^\/api\/health$/, /^\/api\/version$/, /^\/api\/openapi\.json$/, /^\/api\/docs(\/|$)/, /^\/api\/assets\/config$/];

export function isPublicApiPath(url: string): boolean {
  const path = url.split('?')[0];
  return PUBLIC_API.some((pattern) => pattern.test(path));
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: SecurityHeaderOptions) => {
    const directives = cspDirectives(options);
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          ...directives,
          // The help pages may sit in this origin's Knowledge Base frame; nothing else may be framed.
          'frame-ancestors': [(req) => (req.url?.startsWith(FRAMEABLE_PATH) ? "'self'" : "'none'")],
        },
      },
      strictTransportSecurity: options.publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'same-origin' },
      xFrameOptions: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith(FRAMEABLE_PATH)) reply.header('X-Frame-Options', 'SAMEORIGIN');
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control') && !isPublicApiPath(request.url)) {
        reply.header('Cache-Control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
