import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signedInClient, TestClient } from './client.js';
import { ONCE, ONCE_TABLE } from './harness.js';
import { demoSuite } from './fixtures.js';

/**
 * Schema-driven fuzzing: every route of /api/openapi.json gets
 * bodies, querystrings and path parameters drawn from its own schemas, mixed
 * with a hand-kept list of nasty values, as support.admin, as dealer.beta and
 * with no session. No answer may be a 5xx, and the server must be healthy
 * afterwards. FUZZ_RUNS (default 12) sets the requests per route and identity;
 * FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
};

interface Operation {
  method: string;
  path: string;
  pathParams: Record<string, Schema>;
  query: Record<string, Schema>;
  requiredQuery: string[];
  body?: Schema;
  multipart: boolean;
}

/** Text spliced into a JSON body as it is (deep nesting that JSON.stringify would not survive). */
class Raw {
  constructor(readonly json: string) {}
}

const DEEP = 20_000;
const MEGABYTE = 'x'.repeat(1_000_000);

/** Values no schema expects; each one has broken some server somewhere. */
const NASTY_SCALARS: unknown[] = [
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800',
  'x\udfff',
  '\ud83d',
  '\u202e\u0041',
  '\ufeff',
  'e\u0301\u0301\u0301',
  '🦄👨‍👩‍👧',
  '\u2028\u2029',
  '',
  ' ',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  '9'.repeat(400),
  '1e999',
  'Infinity',
  'NaN',
  '-0',
  '0x7fffffff',
  'true',
  'null',
  MEGABYTE,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER + 2,
  new Raw('9007199254740993'),
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  5e-324,
  1.5,
  -0.5,
  -1,
  0,
  true,
  false,
  null,
];
const NASTY_STRUCTURES: unknown[] = [
  [],
  {},
  [null],
  [1, 'a', null, {}],
  new Raw(`${'['.repeat(DEEP)}${']'.repeat(DEEP)}`),
  new Raw(`${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`),
  Object.fromEntries([['__proto__', { polluted: true }]]),
  { constructor: { prototype: { polluted: true } } },
  { prototype: { polluted: true } },
  Array.from({ length: 10_000 }, (_, i) => i),
];
const nasty = fc.constantFrom(...NASTY_SCALARS, ...NASTY_STRUCTURES);

const INT4 = 2147483647;

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return ['string'];
}

/** What a schema describes (mostly valid values, so routes get past validation), nasty values mixed in. */
function arbitraryFor(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: validFor(schema, depth), weight: 5 }, { arbitrary: nasty, weight: 1 });
}

function validFor(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum.map((v) => (v && typeof v === 'object' ? 'Mismatch-1' : v)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => validFor({ ...schema, anyOf: undefined, oneOf: undefined, ...v }, depth)));
  if (schema.allOf) {
    const merged = schema.allOf.reduce<Schema>((all, part) => ({ ...all, ...part }), { ...schema, allOf: undefined });
    return validFor(merged, depth);
  }
  return fc.oneof(...typesOf(schema).map((type) => validOfType(schema, type, depth)));
}

function validOfType(schema: Schema, type: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.oneof(
        fc.integer({ min: Math.max(schema.minimum ?? -INT4 - 1, -INT4 - 1), max: Math.min(schema.maximum ?? INT4, INT4) }),
        fc.integer({ min: 0, max: 20 }),
      );
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'array':
      return fc.array(depth > 3 ? fc.constant(null) : arbitraryFor(schema.items ?? {}, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object': {
      if (depth > 3) return fc.constant({});
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, arbitraryFor(child, depth + 1)]));
      const record = fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
      const extra = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'x\u0000', 'extra', '$where'), nasty, {
        maxKeys: 2,
      });
      return fc.oneof(
        { arbitrary: record, weight: 4 },
        { arbitrary: fc.tuple(record, extra).map(([r, e]) => Object.fromEntries([...Object.entries(r), ...Object.entries(e)])), weight: 1 },
      );
    }
    default:
      return stringFor(schema);
  }
}

function stringFor(schema: Schema): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 40, 40);
  const min = Math.min(schema.minLength ?? 0, max);
  const cut = (s: string) => (s.length > (schema.maxLength ?? Infinity) ? s.slice(0, schema.maxLength) : s);
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().map(cut);
    case 'date-time':
      return fc.date({ noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2200-01-01') }).map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2200-01-01') })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl().map(cut);
    case 'uuid':
      return fc.uuid();
  }
  const text = fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    fc.string({ minLength: min, maxLength: max, unit: 'binary' }),
    fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }),
  );
  if (!schema.pattern) return text;
  let matching: fc.Arbitrary<string> | undefined;
  try {
    matching = fc.stringMatching(new RegExp(schema.pattern)).map(cut);
  } catch {
    matching = undefined;
  }
  return matching ? fc.oneof(matching, text) : text;
}

/** Every operation of the OpenAPI document, with its inputs' schemas. */
function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters ?? []) as { in: string; name: string; schema: Schema; required?: boolean }[];
      const content = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.schema])),
        query: Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        requiredQuery: parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return operations;
}

interface FuzzRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  contentType: string;
}

function requestArbitrary(op: Operation): fc.Arbitrary<FuzzRequest> {
  const params = fc.record(Object.fromEntries(Object.entries(op.pathParams).map(([k, s]) => [k, arbitraryFor(s, 1)])));
  const query = fc.record(Object.fromEntries(Object.entries(op.query).map(([k, s]) => [k, arbitraryFor(s, 1)])), {
    requiredKeys: op.requiredQuery,
  });
  const body = op.body ? fc.oneof({ arbitrary: validFor(op.body, 0), weight: 6 }, { arbitrary: nasty, weight: 1 }) : fc.constant(undefined);
  const contentType = fc.constantFrom(
    ...(op.multipart ? ['multipart/form-data; boundary=fuzz'] : []),
    'application/json',
    'application/json',
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
  );
  return fc.record({ params, query, body, contentType });
}

/** Text for a URL: lone surrogates as the bytes a careless client would send. */
function urlText(value: unknown): string {
  const text = value instanceof Raw ? value.json : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    else out += encodeURIComponent(char);
  }
  return out;
}

function bodyText(value: unknown): string {
  const raws: string[] = [];
  const json = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Raw) {
      raws.push(v.json);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return v;
  });
  return (json ?? 'null').replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]);
}

function urlOf(op: Operation, request: FuzzRequest): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => urlText(request.params[name]));
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(request.query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) pairs.push(`${urlText(key)}=${urlText(item ?? '')}`);
  }
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

/** Routes that would end the fuzzing identity's own session or change its sign-in: fuzzed with no session only. */
const SIGNS_OUT = new Set(['POST /api/logout', 'PUT /api/user/username', 'PUT /api/account/password', 'POST /api/msa/password']);

describe.skipIf(!ONCE).each(ONCE_TABLE)('schema-driven fuzzing on $name', (database) => {
  const { t } = demoSuite(database);

  /** The fuzzed sign-ins fail from this address, which then owes a captcha: forgotten before each real sign-in. */
  async function signInAfresh(username: string, extra: Record<string, unknown> = {}) {
    await t.db.deleteFrom('login_throttle').execute();
    return signedInClient(t.origin, username, extra);
  }

  it('answers no 5xx to any route, as any identity, and stays healthy', { timeout: 240_000 }, async () => {
    const document = await (await fetch(`${t.origin}/api/openapi.json`)).json();
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(50);

    const identities: { name: string; signIn: () => Promise<TestClient> }[] = [
      { name: 'no session', signIn: () => new TestClient(t.origin).init() },
      { name: 'dealer.beta', signIn: () => signInAfresh('dealer.beta') },
      { name: 'support.admin', signIn: () => signInAfresh('support.admin', { internal: true }) },
    ];
    const failures: string[] = [];
    let sent = 0;
    const started = Date.now();

    for (const identity of identities) {
      let client = await identity.signIn();
      for (const [index, op] of operations.entries()) {
        if (identity.name !== 'no session' && SIGNS_OUT.has(`${op.method} ${op.path}`)) continue;
        const samples = fc.sample(requestArbitrary(op), { numRuns: RUNS, seed: SEED + index });
        for (const request of samples) {
          const url = `${t.origin}${urlOf(op, request)}`;
          const withBody = op.method !== 'GET' && op.method !== 'HEAD' && request.body !== undefined;
          const headers = client.headersFor(url, op.method, withBody ? { 'Content-Type': request.contentType } : {});
          let status: number;
          try {
            const response = await fetch(url, {
              method: op.method,
              headers,
              body: withBody ? bodyText(request.body) : undefined,
              redirect: 'manual',
            });
            status = response.status;
            await response.arrayBuffer();
          } catch (error) {
            status = 599;
            failures.push(`${identity.name} ${op.method} ${url.slice(0, 300)}: no answer (${String(error)})`);
          }
          sent++;
          if (status >= 500 && status !== 599) {
            failures.push(`${identity.name} ${op.method} ${url.slice(0, 300)} body ${bodyText(request.body).slice(0, 300)}: ${status}`);
          }
        }
        // A route may have ended the session (token refresh, impersonation end...): sign in again.
        if (identity.name !== 'no session' && (await client.request('GET', '/api/me')).status === 401) client = await identity.signIn();
      }
    }

    const health = await fetch(`${t.origin}/api/health`);
    console.log(
      `fuzz on ${database.name}: ${sent} requests over ${operations.length} routes in ${Math.round((Date.now() - started) / 1000)} s, ` +
        `${failures.length} answers >= 500 (seed ${SEED}, ${RUNS} runs per route and identity)`,
    );
    expect(failures).toEqual([]);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
  });
});
