import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The local stack's own token-signing key. cognito-local signs every token with a key shipped in its
 * npm package (kid `CognitoLocal`), so anyone could mint an admin's token. The stack makes an RSA key
 * on first start, keeps it in the data folder (a temp folder for a throw-away stack), and the Cognito
 * proxy re-signs each ID and access token cognito-local issues with it, claims unchanged. The API
 * verifies against this key only (its JWKS is served at the issuer's `/.well-known/jwks.json`).
 * In AWS, Cognito signs with keys of its own; none of this runs there.
 */
const KEY_FILE = 'cognito-signing-key.pem';
/** The public half, written beside it for the cognito-local process, which serves it as the JWKS. */
export const JWKS_FILE = 'cognito-jwks.json';

export interface Jwks {
  keys: Array<Record<string, unknown> & { kid: string }>;
}

export interface TokenSigner {
  kid: string;
  jwks: Jwks;
  /** The same header fields and claims, signed with our key under our kid. */
  resign(token: string): string;
  /** The claims of a token signed with our key that has not expired, else null. */
  verify(token: string, now?: () => number): Record<string, unknown> | null;
}

/** Reads the key kept in `dir`, or makes one and keeps it there (owner-only). */
export function loadOrCreateSigningKey(dir: string): KeyObject {
  const file = path.join(dir, KEY_FILE);
  if (fs.existsSync(file)) return createPrivateKey(fs.readFileSync(file, 'utf8'));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  fs.writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
  return privateKey;
}

/** Writes the public JWKS where the cognito-local process reads it; returns the file. */
export function writeJwksFile(dir: string, signer: TokenSigner): string {
  const file = path.join(dir, JWKS_FILE);
  fs.writeFileSync(file, JSON.stringify(signer.jwks));
  return file;
}

function decodePart(part: string | undefined): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function createTokenSigner(privateKey: KeyObject): TokenSigner {
  const publicKey = createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' });
  // The kid names the key (its hash), so a new key is never mistaken for an old one.
  const kid = `raincheck-local-${createHash('sha256').update(`${jwk.n}.${jwk.e}`).digest('base64url').slice(0, 16)}`;
  return {
    kid,
    jwks: { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] },
    resign(token) {
      const [headerPart, payloadPart] = token.split('.');
      const header = decodePart(headerPart);
      if (!header || !decodePart(payloadPart)) throw new Error('Not a JWT');
      const signingInput = `${encode({ ...header, alg: 'RS256', kid })}.${payloadPart}`;
      return `${signingInput}.${sign('sha256', Buffer.from(signingInput), privateKey).toString('base64url')}`;
    },
    verify(token, now = Date.now) {
      const [headerPart, payloadPart, signature] = token.split('.');
      const header = decodePart(headerPart);
      const payload = decodePart(payloadPart);
      if (!header || !payload || signature === undefined) return null;
      if (header.alg !== 'RS256' || header.kid !== kid) return null;
      const valid = verify(
        'sha256',
        Buffer.from(`${headerPart}.${payloadPart}`),
        publicKey,
        Buffer.from(signature, 'base64url'),
      );
      if (!valid || typeof payload.exp !== 'number' || payload.exp * 1000 <= now()) return null;
      return payload;
    },
  };
}
