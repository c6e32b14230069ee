import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software passkey for in-process tests: an ES256 key pair that answers the WebAuthn ceremonies
 * as a platform authenticator would (attestation `none`, user present and verified), so the
 * console's enrolment, sign-in and step-up are tested end to end without a browser. The e2e spec
 * drives Chromium's own virtual authenticator instead.
 */

/** The little CBOR a `none` attestation needs: unsigned and negative integers, bytes, text, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65_536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Map) {
    const parts = [...value].flatMap(([k, v]) => [cbor(k), cbor(v)]);
    return Buffer.concat([head(5, value.size), ...parts]);
  }
  throw new Error(`no CBOR for ${typeof value}`);
}

const b64url = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString('base64url');

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;
  private userHandle = '';

  constructor(private readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  private authData(rpId: string, flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([
      createHash('sha256').update(rpId).digest(),
      Buffer.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ]);
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** What navigator.credentials.create() gives @simplewebauthn/browser, as its JSON. */
  register(options: CreationOptions) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    this.userHandle = options.user.id;
    const jwk = this.publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, this.credentialId, cose]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(rpId, 0x45, attested)],
      ]),
    );
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** What navigator.credentials.get() gives, as JSON; `userVerified: false` drops the UV flag. */
  assert(options: RequestOptions, { userVerified = true } = {}) {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    this.counter += 1;
    const authenticatorData = this.authData(rpId, userVerified ? 0x05 : 0x01);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]);
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(sign('sha256', signed, this.privateKey)),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
