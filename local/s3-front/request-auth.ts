import { createHash } from 'node:crypto';
import {
  type PostCredentials,
  type PostRefusal,
  refuse,
  s3Signature,
  sameSignature,
  SIGNATURE_MISMATCH,
  UNKNOWN_ACCESS_KEY,
} from './post-policy';

/**
 * What S3 checks on every request other than a browser's POST upload, written from S3's documentation
 * ("Authenticating Requests (AWS Signature Version 4)", header and query-string forms), so the local
 * front refuses what S3 and the Lambda role's policy (infra/constructs/files.construct.ts) refuse:
 * an unsigned, wrongly signed or expired request, an operation on the bucket itself, a key outside
 * the prefixes the role may touch, and a method S3 does not know.
 */
export interface ObjectRequest {
  method: string;
  /** The path as sent and signed (the mount path included). */
  signedPath: string;
  /** The bucket and key, from the path with the mount removed. */
  bucket: string | null;
  key: string;
  query: URLSearchParams;
  headers: Headers;
  body: Buffer | null;
}

/** Per method, the key prefixes the role's policy allows (PutObject on both, GetObject on uploads). */
export type ObjectAccess = Readonly<Record<'GET' | 'HEAD' | 'PUT', readonly string[]>>;

export interface ObjectCheckOptions extends PostCredentials {
  bucket: string;
  access: ObjectAccess;
}

/** Methods S3 answers (anything else: 405); which of them the role may use is `access`. */
const S3_METHODS = new Set(['GET', 'HEAD', 'PUT', 'POST', 'DELETE', 'OPTIONS']);
/** S3 accepts a signed request within 15 minutes of its X-Amz-Date. */
const MAX_SKEW_MS = 15 * 60_000;
const ACCESS_DENIED = refuse(403, 'AccessDenied', 'Access Denied');

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const uriEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** `20261127T080000Z` → epoch ms (NaN when malformed). */
function amzTime(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : NaN;
}

interface Signed {
  accessKeyId: string;
  scope: string[];
  amzDate: string;
  signedHeaders: string[];
  signature: string;
  payloadHash: string;
  /** Query-string (presigned) requests: until when the URL is valid. */
  expiresAt?: number;
}

/** The signature's parts, from the Authorization header or the presigned query; null when unsigned. */
function signatureOf(req: ObjectRequest): Signed | 'malformed' | null {
  const auth = req.headers.get('authorization');
  if (auth) {
    const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
      auth,
    );
    if (!m) return 'malformed';
    const [accessKeyId, ...scope] = m[1]!.split('/');
    return {
      accessKeyId: accessKeyId!,
      scope,
      amzDate: req.headers.get('x-amz-date') ?? '',
      signedHeaders: m[2]!.split(';'),
      signature: m[3]!,
      payloadHash: req.headers.get('x-amz-content-sha256') ?? '',
    };
  }
  const q = req.query;
  if (!q.has('X-Amz-Signature')) return null;
  if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return 'malformed';
  const [accessKeyId, ...scope] = (q.get('X-Amz-Credential') ?? '').split('/');
  const amzDate = q.get('X-Amz-Date') ?? '';
  const expires = Number(q.get('X-Amz-Expires'));
  if (!Number.isInteger(expires) || expires < 1 || expires > 604_800) return 'malformed';
  return {
    accessKeyId: accessKeyId!,
    scope,
    amzDate,
    signedHeaders: (q.get('X-Amz-SignedHeaders') ?? '').split(';'),
    signature: q.get('X-Amz-Signature') ?? '',
    payloadHash: q.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
    expiresAt: amzTime(amzDate) + expires * 1000,
  };
}

/** The canonical request SigV4 signs (S3: the path is not encoded again). */
function canonicalRequest(req: ObjectRequest, signed: Signed): string {
  const query = [...req.query]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headers = signed.signedHeaders
    .map((name) => `${name}:${(req.headers.get(name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  return [
    req.method,
    req.signedPath,
    query,
    headers,
    signed.signedHeaders.join(';'),
    signed.payloadHash,
  ].join('\n');
}

/** Checks a request as S3 and the role's policy would; null when S3 would carry it out. */
export function checkObjectRequest(
  req: ObjectRequest,
  opts: ObjectCheckOptions,
  now: Date,
): PostRefusal | null {
  if (!S3_METHODS.has(req.method))
    return refuse(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  // A browser's CORS preflight carries no credentials: S3 answers it from the bucket's CORS rules.
  if (req.method === 'OPTIONS') return null;
  const signed = signatureOf(req);
  if (signed === null) return ACCESS_DENIED;
  if (signed === 'malformed')
    return refuse(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  const secret = opts.secrets[signed.accessKeyId];
  if (!secret) return UNKNOWN_ACCESS_KEY;
  const [day, region, service, terminator] = signed.scope;
  const at = amzTime(signed.amzDate);
  if (
    !day ||
    region !== opts.region ||
    service !== 's3' ||
    terminator !== 'aws4_request' ||
    !signed.amzDate.startsWith(day) ||
    Number.isNaN(at)
  )
    return refuse(
      400,
      'AuthorizationHeaderMalformed',
      'The authorization header is malformed; the Credential is mal-formed.',
    );
  if (!signed.signedHeaders.includes('host'))
    return refuse(400, 'AuthorizationHeaderMalformed', 'The host header must be signed.');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    signed.amzDate,
    signed.scope.length ? `${signed.scope.join('/')}` : '',
    sha256(canonicalRequest(req, signed)),
  ].join('\n');
  if (!sameSignature(s3Signature(secret, day, region, stringToSign), signed.signature))
    return SIGNATURE_MISMATCH;
  if (signed.expiresAt !== undefined) {
    if (now.getTime() > signed.expiresAt) return refuse(403, 'AccessDenied', 'Request has expired');
  } else if (Math.abs(now.getTime() - at) > MAX_SKEW_MS)
    return refuse(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  if (/^[0-9a-f]{64}$/.test(signed.payloadHash) && sha256(req.body ?? Buffer.alloc(0)) !== signed.payloadHash)
    return refuse(
      400,
      'XAmzContentSHA256Mismatch',
      "The provided 'x-amz-content-sha256' header does not match what was computed.",
    );
  // The role's policy: object actions only, on its bucket and prefixes (bucket-level actions are not granted).
  const allowed = opts.access[req.method as keyof ObjectAccess] ?? [];
  if (req.bucket !== opts.bucket || !req.key || !allowed.some((prefix) => req.key.startsWith(prefix)))
    return ACCESS_DENIED;
  return null;
}
