import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/**
 * A software passkey authenticator for the API tests, as a platform authenticator with a
 * resident key and user verification would answer navigator.credentials.create and .get: ES256
 * keys (node:crypto), 'none' attestation, CBOR authenticator data, and a signature counter. Each
 * call may lie about what a browser would never let it (the origin, the RP ID, the counter) so
 * the server's refusals can be tested.
 */
interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

/** authenticatorData flags (WebAuthn §6.1). */
const FLAG = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;

/** What the CBOR encoder takes. */
type Cbor = Parameters<typeof isoCBOR.encode>[0];

const b64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function uint32(n: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
}

export interface Lies {
  /** The page origin clientDataJSON reports (default: the authenticator's). */
  origin?: string;
  /** The RP ID whose hash goes into authenticatorData (default: the options' / the credential's). */
  rpId?: string;
  /** The counter to report (default: one more than the last). */
  counter?: number;
  /** Sign with user verification (default true). */
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(readonly origin: string) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create: a new ES256 resident key for the options' RP and user. */
  create(options: PublicKeyCredentialCreationOptionsJSON, lies: Lies = {}): RegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
    const id = randomBytes(32);
    const credentialIdLength = Buffer.alloc(2);
    credentialIdLength.writeUInt16BE(id.length);
    const flags = FLAG.up | (lies.userVerified === false ? 0 : FLAG.uv) | FLAG.at;
    const authData = Buffer.concat([
      sha256(lies.rpId ?? rpId),
      Buffer.from([flags]),
      uint32(0),
      Buffer.alloc(16), // AAGUID: none
      credentialIdLength,
      id,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, Cbor>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    this.credentials.push({ id, privateKey, rpId, userHandle: options.user.id, counter: 0 });
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, lies.origin ?? this.origin);
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * navigator.credentials.get: an assertion by `credential` (default: the first allowed one, or
   * with no allow list, as a discoverable credential, the last one made for the RP).
   */
  get(options: PublicKeyCredentialRequestOptionsJSON, lies: Lies = {}, credential?: Credential): AuthenticationResponseJSON {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const chosen =
      credential ??
      (allowed.length
        ? this.credentials.find((c) => allowed.includes(b64url(c.id)))
        : this.credentials.filter((c) => c.rpId === (options.rpId ?? c.rpId)).at(-1));
    if (!chosen) throw new Error('NotAllowedError: no credential for these options');
    chosen.counter = lies.counter ?? chosen.counter + 1;
    const flags = FLAG.up | (lies.userVerified === false ? 0 : FLAG.uv);
    const authData = Buffer.concat([sha256(lies.rpId ?? chosen.rpId), Buffer.from([flags]), uint32(chosen.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, lies.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), chosen.privateKey);
    return {
      id: b64url(chosen.id),
      rawId: b64url(chosen.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: chosen.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
