import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isLoopbackOnlyPath } from './loopback.js';

describe('isLoopbackAddress', () => {
  it('knows this machine', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address)).toBe(true);
  });
  it('treats every other address as another machine', () => {
    for (const address of ['10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1', '128.0.0.1', '', undefined])
      expect(isLoopbackAddress(address)).toBe(false);
  });
});

describe('isLoopbackOnlyPath', () => {
  const byDefault = { demoLoopbackOnly: true, localIdpLoopbackOnly: true };
  it('names the outbox and the identity provider while demo mode is on only by default', () => {
    for (const path of ['/dev/outbox', '/api/dev/outbox', '/idp', '/idp/*', '/idp/interaction/:uid'])
      expect(isLoopbackOnlyPath(path, byDefault)).toBe(true);
    for (const path of ['/api/health', '/idpx', '/api/dev/outboxes', '/login']) expect(isLoopbackOnlyPath(path, byDefault)).toBe(false);
  });
  it('names nothing when demo mode is set explicitly', () => {
    const explicit = { demoLoopbackOnly: false, localIdpLoopbackOnly: false };
    expect(isLoopbackOnlyPath('/dev/outbox', explicit)).toBe(false);
    expect(isLoopbackOnlyPath('/idp/*', explicit)).toBe(false);
  });
});
