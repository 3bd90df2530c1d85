import { generateKeyPairSync, sign } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createTokenSigner,
  loadOrCreateSigningKey,
  writeJwksFile,
} from '../../../local/cognito-token-signer';

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (segment: string) =>
  JSON.parse(Buffer.from(segment, 'base64url').toString()) as Record<string, unknown>;
const claims = { sub: 'u1', token_use: 'access', exp: Math.floor(Date.now() / 1000) + 3600 };

/** A token signed with some other RSA key under the kid cognito-local uses. */
function foreignToken(payload: Record<string, unknown>, kid = 'CognitoLocal'): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const input = `${part({ alg: 'RS256', kid })}.${part(payload)}`;
  return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
}

describe('the local token signing key', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'signer-'));

  it('should make a key on first start, keep it owner-only, and use the same one after a restart', () => {
    const first = createTokenSigner(loadOrCreateSigningKey(dir));
    const mode = fs.statSync(path.join(dir, 'cognito-signing-key.pem')).mode & 0o777;
    expect(mode).toBe(0o600);
    const again = createTokenSigner(loadOrCreateSigningKey(dir));
    expect(again.kid).toBe(first.kid);
    expect(first.kid).not.toBe('CognitoLocal');
  });

  it('should re-sign a token under its own kid with the claims unchanged, and verify it', () => {
    const signer = createTokenSigner(loadOrCreateSigningKey(dir));
    const resigned = signer.resign(foreignToken(claims));
    const [header, payload] = resigned.split('.');
    expect(decode(header!)).toMatchObject({ alg: 'RS256', kid: signer.kid });
    expect(decode(payload!)).toEqual(claims);
    expect(signer.verify(resigned)).toEqual(claims);
  });

  it('should refuse a token signed with another key, even under its own kid, and an expired one', () => {
    const signer = createTokenSigner(loadOrCreateSigningKey(dir));
    expect(signer.verify(foreignToken(claims))).toBeNull();
    expect(signer.verify(foreignToken(claims, signer.kid))).toBeNull();
    const expired = signer.resign(foreignToken({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 }));
    expect(signer.verify(expired)).toBeNull();
    expect(signer.verify('not.a.token')).toBeNull();
  });

  it('should publish only its public key in the JWKS', () => {
    const signer = createTokenSigner(loadOrCreateSigningKey(dir));
    const jwks = JSON.parse(fs.readFileSync(writeJwksFile(dir, signer), 'utf8')) as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', kid: signer.kid, alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});
