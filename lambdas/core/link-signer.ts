import { createHmac, timingSafeEqual } from 'node:crypto';

const MIN_SECRET_LENGTH = 32;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The HMAC-SHA256 behind every public link that needs no sign-in (notice details, crew
 * confirmation): the key is derived from the deployment's one managed secret (UNSUBSCRIBE_SECRET)
 * with a label per link kind, so no token of one kind verifies as another, and `previousSecrets`
 * keep links signed before a key rotation working. Each link kind keeps its own token layout.
 */
export class LinkSigner {
  private readonly keys: (Buffer | string)[];

  /**
   * `label: null` signs with the secrets themselves: only unsubscribe links, which were issued so
   * before labels existed and must keep working. `secretName` names the secret in the start-up error.
   */
  constructor(
    label: string | null,
    secret: string,
    previousSecrets: readonly string[] = [],
    secretName = 'The link signing secret',
  ) {
    if (!secret || secret.length < MIN_SECRET_LENGTH)
      throw new Error(`${secretName} must be at least ${MIN_SECRET_LENGTH} characters`);
    const secrets = [secret, ...previousSecrets.filter((s) => s.length >= MIN_SECRET_LENGTH)];
    this.keys = label === null ? secrets : secrets.map((s) => createHmac('sha256', s).update(label).digest());
  }

  /** The signature of `data` under the current key, base64url (always 43 characters). */
  sign(data: string): string {
    return createHmac('sha256', this.keys[0]!).update(data).digest('base64url');
  }

  /**
   * Whether `signature` is genuine for `data` under the current or a previous key, compared in
   * constant time as canonical text (a signature with altered padding bits is not the same token).
   */
  isGenuine(data: string, signature: string): boolean {
    if (!BASE64URL.test(signature)) return false;
    const given = Buffer.from(signature);
    return this.keys.some((key) => {
      const expected = Buffer.from(createHmac('sha256', key).update(data).digest('base64url'));
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  }
}

/**
 * Tokens `<version>.<claims, base64url JSON>.<signature>`: a new layout or key gets a new version,
 * and a token of another version, a longer one than `maxLength` or an altered one reads as null.
 */
export class VersionedToken {
  constructor(
    private readonly signer: LinkSigner,
    private readonly version: string,
    private readonly maxLength: number,
  ) {}

  sign(claims: Record<string, unknown>): string {
    const data = `${this.version}.${encodeClaims(claims)}`;
    return `${data}.${this.signer.sign(data)}`;
  }

  /** The claims of a genuine token of this version; null for anything else. */
  verify(token: string): Record<string, unknown> | null {
    if (typeof token !== 'string' || token.length > this.maxLength) return null;
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== this.version) return null;
    const [version, payload, signature] = parts as [string, string, string];
    if (!BASE64URL.test(payload) || !this.signer.isGenuine(`${version}.${payload}`, signature)) return null;
    return decodeClaims(payload);
  }
}

/** A link's claims as base64url JSON (no dots: the last path segment must not look like a file). */
export const encodeClaims = (claims: Record<string, unknown>): string =>
  Buffer.from(JSON.stringify(claims)).toString('base64url');

/** The claims of a payload `encodeClaims` made; null for anything that is not a JSON object. */
export function decodeClaims(payload: string): Record<string, unknown> | null {
  if (!BASE64URL.test(payload)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
