import { describe, expect, it } from 'vitest';
import { isWellFormedRequestId } from './requestId.js';

describe('isWellFormedRequestId', () => {
  it("takes a load balancer's id and the portal's own", () => {
    for (const id of ['9f1c2d3e4b5a69788796a5b4c3d2e1f0', 'Root=1-67891233-abcdef012345678912345678', crypto.randomUUID()]) {
      expect(isWellFormedRequestId(id)).toBe(true);
    }
  });
  it('refuses ids that could forge or flood log lines or a bug report', () => {
    for (const id of ['', 'short', 'has space-in-it', 'line\nbreak-here', '"quoted-value"', 'x'.repeat(129), '-leading-dash']) {
      expect(isWellFormedRequestId(id)).toBe(false);
    }
    expect(isWellFormedRequestId(['9f1c2d3e4b5a6978', '9f1c2d3e4b5a6979'])).toBe(false);
    expect(isWellFormedRequestId(undefined)).toBe(false);
  });
});
