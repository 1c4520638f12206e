import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../common/constants.js';
import { localIdpClientSecret, localIdpIssuer, localIdpSigningKey } from './localIdp.js';
import { checkIdpLogin, findIdpAccount, idpClaims } from './localIdpAccounts.js';

const SECRET = 'a-session-secret-of-at-least-32-characters';

describe('the demo identity provider', () => {
  it('lives under the portal address', () => {
    expect(localIdpIssuer('https://portal.example.com')).toBe('https://portal.example.com/idp');
  });

  it('derives its client secret and signing key from the session secret, the same every time', () => {
    expect(localIdpClientSecret(SECRET)).toBe(localIdpClientSecret(SECRET));
    expect(localIdpClientSecret(SECRET)).not.toBe(localIdpClientSecret(`${SECRET}x`));
    expect(localIdpSigningKey(SECRET)).toEqual(localIdpSigningKey(SECRET));
    expect(localIdpSigningKey(SECRET).d).not.toBe(localIdpSigningKey(`${SECRET}x`).d);
  });

  it('signs with a valid P-256 key whose public half verifies', () => {
    const jwk = localIdpSigningKey(SECRET);
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    const privateKey = createPrivateKey({ key: jwk, format: 'jwk' });
    const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, format: 'jwk' });
    const signature = sign('sha256', Buffer.from('id token'), privateKey);
    expect(verify('sha256', Buffer.from('id token'), publicKey, signature)).toBe(true);
  });

  it('opens an account by login name (any case) and the demo password only', () => {
    expect(checkIdpLogin(' Dealer.Beta ', DEMO_PASSWORD)?.email).toBe('dealer.beta@example.com');
    expect(checkIdpLogin('dealer.beta', 'wrong')).toBeUndefined();
    expect(checkIdpLogin('dealer.beta@example.com', DEMO_PASSWORD)).toBeUndefined();
    expect(checkIdpLogin('nobody', DEMO_PASSWORD)).toBeUndefined();
  });

  it('releases sub, email, email_verified and name', () => {
    const account = findIdpAccount('nw-0004')!;
    expect(idpClaims(account)).toEqual({
      sub: 'nw-0004',
      email: 'dealer.beta@example.com',
      email_verified: false,
      name: 'Dana Whitfield (unverified)',
    });
  });
});
