import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every answer, as helmet writes them:
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
const PUBLIC_API = new Set(['/api/health', '/api/version', '/api/openapi.json', '/api/docs', '/api/assets/config']);

export function isPublicApiPath(url: string): boolean {
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  return PUBLIC_API.has(path) || path.startsWith('/api/docs/');
}

/** What helmet's middleware does to a response, recorded once: the headers it sets and those it removes. */
interface RecordedHeaders {
  set: [name: string, value: string][];
  removed: string[];
}

/**
 * Helmet's headers for one set of options. None of the options depends on the request, so its
 * middleware runs once here, against a recorder, rather than once per request.
 */
export function recordHelmetHeaders(options: HelmetOptions): RecordedHeaders {
  const recorded: RecordedHeaders = { set: [], removed: [] };
  const recorder = {
    setHeader: (name: string, value: string) => void recorded.set.push([name, value]),
    removeHeader: (name: string) => void recorded.removed.push(name),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return recorded;
}

/**
 * Helmet's options for the portal: `frameable` for the help pages, which this origin may frame
 * (frame-ancestors 'self', X-Frame-Options SAMEORIGIN); nothing else may be framed.
 */
export function helmetOptions(options: SecurityHeaderOptions, frameable: boolean): HelmetOptions {
  const directives = cspDirectives(options);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...directives, 'frame-ancestors': frameable ? ["'self'"] : directives['frame-ancestors'] },
    },
    strictTransportSecurity: options.publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: frameable ? 'sameorigin' : 'deny' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Helmet's options for answers under /api but the OpenAPI pages: data (JSON, files), never a page
 * a browser renders with scripts, so the headers that speak to documents stay off (the policy's
 * sources, Cross-Origin-Opener-Policy, Origin-Agent-Cluster, X-DNS-Prefetch-Control, and the old
 * browsers' X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection), as OWASP's
 * REST Security Cheat Sheet has it. What stays: a CSP that allows nothing (`default-src 'none';
 * frame-ancestors 'none'`: an answer opened on its own runs nothing and is framed by nobody),
 * nosniff, X-Frame-Options DENY, Cross-Origin-Resource-Policy same-origin (no other site embeds an
 * answer), the Referrer-Policy, HSTS over https. Half the bytes of the app's set, on every call.
 * The routes that send a file set their own, stricter policy (a `sandbox`) over it.
 */
export function apiHelmetOptions(options: SecurityHeaderOptions): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
    strictTransportSecurity: options.publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/** The OpenAPI pages (Swagger UI) are pages: the app's set, whatever their own CSP adds. */
const isApiPage = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/') || url.startsWith('/api/docs?');

/**
 * The headers are helmet's, worked out once per process (three sets: the help pages', the API's
 * and every other answer's) and set in one onRequest hook, so that refusals and errors carry them
 * too. The same hook marks API answers `no-store` unless public; a route that chooses its own
 * caching replaces the header.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: SecurityHeaderOptions) => {
    const everywhere = recordHelmetHeaders(helmetOptions(options, false));
    const helpPages = recordHelmetHeaders(helmetOptions(options, true));
    const api = recordHelmetHeaders(apiHelmetOptions(options));
    app.addHook('onRequest', (request, reply, done) => {
      const url = request.url;
      const isApi = url.startsWith('/api/');
      const { set, removed } = url.startsWith(FRAMEABLE_PATH) ? helpPages : isApi && !isApiPage(url) ? api : everywhere;
      const response = reply.raw;
      for (const name of removed) response.removeHeader(name);
      for (const [name, value] of set) response.setHeader(name, value);
      if (isApi && !isPublicApiPath(url)) reply.header('Cache-Control', 'no-store');
      done();
    });
  },
  { name: 'security-headers' },
);
