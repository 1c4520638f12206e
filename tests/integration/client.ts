import { createHash } from 'node:crypto';
import { solveChallenge } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import { fetchUtils } from 'ra-core';
import { DEMO_PASSWORD } from '../../src/common/constants.js';

/** A file of a multipart form. */
export interface FormFile {
  name: string;
  content: Uint8Array;
  type?: string;
}

/**
 * A browser-like HTTP client for the API tests: it keeps cookies (with their
 * paths), sends the XSRF header on writes as the web app does, and can sign in.
 */
export class TestClient {
  private readonly jar = new Map<string, { value: string; path: string }>();
  bearer: string | undefined;

  /** Settable: a demo suite's clients exist before its app has a port (fixtures.ts). */
  constructor(public baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name)?.value;
  }

  setCookie(name: string, value: string, path = '/') {
    this.jar.set(name, { value, path });
  }

  private cookieHeader(pathname: string): string {
    return [...this.jar.entries()]
      .filter(([, c]) => pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  private store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && new Date(a.slice(8)) < new Date()));
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, { value, path });
    }
  }

  headersFor(url: string, method: string, extra: HeadersInit = {}): Headers {
    const headers = new Headers(extra);
    const cookies = this.cookieHeader(new URL(url).pathname);
    if (cookies) headers.set('Cookie', cookies);
    const xsrf = this.cookie('XSRF-Token');
    if (method !== 'GET' && xsrf && !headers.has('X-XSRF-Token')) headers.set('X-XSRF-Token', xsrf);
    if (this.bearer && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${this.bearer}`);
    return headers;
  }

  async request(method: string, path: string, body?: unknown, extraHeaders: HeadersInit = {}): Promise<Response> {
    return this.requestJsonText(method, path, body === undefined ? undefined : JSON.stringify(body), extraHeaders);
  }

  /** request() with the JSON body as text: for bodies JSON.stringify cannot make (nested thousands deep). */
  async requestJsonText(method: string, path: string, text: string | undefined, extraHeaders: HeadersInit = {}): Promise<Response> {
    const headers = new Headers(extraHeaders);
    if (text !== undefined) headers.set('Content-Type', 'application/json');
    return this.send(method, path, text, headers);
  }

  /** A multipart form as a browser sends it: the fields, then each file as the part `file` (no type: octet-stream). */
  async requestForm(method: string, path: string, fields: Record<string, string>, files: FormFile[] = [], extraHeaders: HeadersInit = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of files)
      form.append('file', new Blob([new Uint8Array(file.content)], file.type ? { type: file.type } : {}), file.name);
    return this.send(method, path, form, extraHeaders);
  }

  private async send(method: string, path: string, body: string | FormData | undefined, extraHeaders: HeadersInit): Promise<Response> {
    const url = `${this.baseUrl}${path}`;
    const response = await fetch(url, { method, headers: this.headersFor(url, method, extraHeaders), body });
    this.store(response);
    return response;
  }

  /** Picks up the XSRF cookie, as the web app does on its first call. */
  async init(): Promise<this> {
    await this.request('GET', '/api/health');
    return this;
  }

  async login(username: string, password = DEMO_PASSWORD, extra: Record<string, unknown> = {}) {
    const response = await this.request('POST', '/api/account/login', { username, password, ...extra });
    const body = await response.json();
    if (response.ok) this.bearer = body.token?.token;
    return { status: response.status, body };
  }

  async loginMsa(email: string, password = DEMO_PASSWORD) {
    const response = await this.request('POST', '/api/msa/login', { email, password });
    const body = await response.json();
    if (response.ok) this.bearer = body.token?.token;
    return { status: response.status, body };
  }

  /**
   * Signs in with the demo password: an email on msa/login (a customer), any other
   * username on account/login (with `extra`, e.g. {internal: true} for support staff).
   * Throws unless the sign-in answers 200.
   */
  async signIn(username: string, extra: Record<string, unknown> = {}): Promise<this> {
    const { status, body } = username.includes('@') ? await this.loginMsa(username) : await this.login(username, undefined, extra);
    if (status !== 200) throw new Error(`sign-in as ${username} answered ${status}: ${JSON.stringify(body)}`);
    return this;
  }

  /**
   * Solves a fresh captcha like the ALTCHA widget and answers its form value
   * (base64 JSON {algorithm, challenge, number, salt, signature, took}).
   */
  async captcha(): Promise<string> {
    const challenge = await (await this.request('GET', '/api/captcha/challenge')).json();
    const solution =
      solveSha256(challenge) ??
      (await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise);
    if (!solution) throw new Error('captcha challenge not solved');
    return altchaPayload(challenge, solution);
  }

  /** An httpClient for ra-data-simple-rest that sends what this client holds. */
  httpClient(language = 'en') {
    return (url: string, options: fetchUtils.Options = {}) =>
      fetchUtils.fetchJson(url, {
        ...options,
        headers: this.headersFor(url, options.method ?? 'GET', { 'Accept-Language': language, Accept: 'application/json' }),
      });
  }
}

/** A response's status and JSON body. */
export async function json(response: Response) {
  return { status: response.status, body: await response.json() };
}

/** A fresh client signed in with the demo password (TestClient.signIn). */
export async function signedInClient(baseUrl: string, username: string, extra: Record<string, unknown> = {}): Promise<TestClient> {
  return (await new TestClient(baseUrl).init()).signIn(username, extra);
}

/**
 * A list's query string as react-admin's simple REST provider sends it: the filter as JSON, the
 * range (first and last index) and, when named, the sort.
 */
export function listQuery(filter: object, range: [number, number] = [0, 99], sort?: [string, 'ASC' | 'DESC']): string {
  const params = [`filter=${encodeURIComponent(JSON.stringify(filter))}`, `range=${encodeURIComponent(JSON.stringify(range))}`];
  if (sort) params.push(`sort=${encodeURIComponent(JSON.stringify(sort))}`);
  return params.join('&');
}

/** The newest 6-digit code sent to an address, read from the demo outbox over HTTP. */
export async function lastCode(baseUrl: string, to: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const [latest] = await response.json();
  const code = /\b(\d{6})\b/.exec(latest?.text ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** A 6-digit code other than `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** A solved challenge as the ALTCHA widget sends it (altcha 2.x createAltchaPayload): base64 JSON. */
export function altchaPayload(challenge: Challenge, solution: { number: number; took: number }): string {
  return btoa(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
      took: solution.took,
    }),
  );
}

/**
 * What altcha-lib's solveChallenge does for SHA-256 (find n with sha256(salt + n)
 * = challenge), with node:crypto: about ten times faster than its WebCrypto
 * loop, which matters on a small machine running many suites.
 */
function solveSha256(challenge: { algorithm: string; challenge: string; salt: string; maxnumber: number }) {
  if (challenge.algorithm !== 'SHA-256') return undefined;
  const started = performance.now();
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (
      createHash('sha256')
        .update(challenge.salt + number)
        .digest('hex') === challenge.challenge
    ) {
      return { number, took: Math.round(performance.now() - started) };
    }
  }
  return undefined;
}
