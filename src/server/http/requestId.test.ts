import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestIdGenerator } from './requestId.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const withHeader = (value?: string | string[]) => ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as IncomingMessage;

describe('request ids (genReqId)', () => {
  it('takes the incoming id only from a trusted proxy, and only a well-formed one; otherwise makes a UUID', () => {
    const id = '9f1c2d3e4b5a69788796a5b4c3d2e1f0';
    expect(requestIdGenerator(true)(withHeader(id))).toBe(id);
    expect(requestIdGenerator(false)(withHeader(id))).toMatch(UUID);
    expect(requestIdGenerator(true)(withHeader('bad id'))).toMatch(UUID);
    expect(requestIdGenerator(true)(withHeader([id, id]))).toMatch(UUID);
    expect(requestIdGenerator(true)(withHeader())).toMatch(UUID);
    expect(requestIdGenerator(true)(withHeader())).not.toBe(requestIdGenerator(true)(withHeader()));
  });
});
