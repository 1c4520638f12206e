import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { activeSecrets, newWebhookSecret, signDelivery } from './signing.js';
import { checkTarget, isAllowedAddress, urlProblem } from './targetAddress.js';

describe('webhook signatures (Standard Webhooks)', () => {
  const body = JSON.stringify({ type: 'alarm.received', data: { siteNum: 100010 } });
  it('verify with the reference library on the receiving side', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const now = new Date();
    const headers = signDelivery({ current: secret }, 'msg_1', now, body);
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow();
    expect(() => new Webhook(secret).verify(`${body} `, { ...headers })).toThrow();
  });
  it('sign with both secrets during a rotation, then with the new one only', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const now = new Date();
    const rotation = { current, previous, previousUntil: new Date(now.getTime() + 60_000) };
    expect(activeSecrets(rotation, now)).toEqual([current, previous]);
    const headers = signDelivery(rotation, 'msg_2', now, body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(previous).verify(body, { ...headers })).not.toThrow();
    expect(() => new Webhook(current).verify(body, { ...headers })).not.toThrow();
    expect(activeSecrets(rotation, new Date(now.getTime() + 60_001))).toEqual([current]);
  });
});

describe('webhook targets (no server-side request forgery)', () => {
  const strict = { allowLoopback: false };
  it('refuse loopback, private, link-local (metadata), unique-local, CGNAT and mapped private addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
    ]) {
      expect(isAllowedAddress(address, strict), address).toBe(false);
    }
    expect(isAllowedAddress('93.184.216.34', strict)).toBe(true);
    expect(isAllowedAddress('2606:2800:220:1::1', strict)).toBe(true);
  });
  it('allow loopback only when the setting says so', () => {
    expect(isAllowedAddress('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isAllowedAddress('10.0.0.1', { allowLoopback: true })).toBe(false);
  });
  it('want https and no credentials in the URL', () => {
    expect(urlProblem('http://example.com/hook', strict)).toBe('integrations.webhooks.notHttps');
    expect(urlProblem('ftp://example.com/hook', strict)).toBe('integrations.webhooks.notHttps');
    expect(urlProblem('https://user:pw@example.com/hook', strict)).toBe('integrations.webhooks.badUrl');
    expect(urlProblem('not a url', strict)).toBe('integrations.webhooks.badUrl');
    expect(urlProblem('https://example.com/hook', strict)).toBeNull();
  });
  it('check every address a name resolves to, and pin the connection to a checked one', async () => {
    const resolver = (answers: string[]) => async () => answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    expect(await checkTarget('https://hooks.example/x', strict, resolver(['93.184.216.34']))).toMatchObject({
      address: '93.184.216.34',
      family: 4,
    });
    expect(await checkTarget('https://hooks.example/x', strict, resolver(['93.184.216.34', '10.0.0.5']))).toBe(
      'integrations.webhooks.privateAddress',
    );
    expect(await checkTarget('https://rebind.example/x', strict, resolver(['169.254.169.254']))).toBe(
      'integrations.webhooks.privateAddress',
    );
    expect(await checkTarget('https://[::1]:8443/x', strict)).toBe('integrations.webhooks.privateAddress');
    expect(await checkTarget('https://nowhere.example/x', strict, async () => Promise.reject(new Error('ENOTFOUND')))).toBe(
      'integrations.webhooks.unresolved',
    );
    expect(await checkTarget('http://127.0.0.1:9000/x', { allowLoopback: true })).toMatchObject({ address: '127.0.0.1' });
    expect(await checkTarget('http://hooks.example/x', { allowLoopback: true }, resolver(['93.184.216.34']))).toBe(
      'integrations.webhooks.notHttps',
    );
  });
});
