import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What S3 checks on a browser-based upload (a POST with a policy, signed with SigV4), written from
 * S3's documentation ("Browser-based uploads using POST", "Creating a POST policy"), so the local
 * stack refuses what S3 refuses. The answer is S3's error code, status and message.
 */
export interface PostRefusal {
  status: number;
  code: string;
  message: string;
}

export interface PostForm {
  /** The bucket named by the request's path (path style). */
  bucket: string;
  /** Every form field but the file, by name as sent. */
  fields: Record<string, string>;
  fileSize: number;
}

export interface PostCredentials {
  /** Secret access keys by access key id. */
  secrets: Record<string, string>;
  region: string;
}

const lower = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.toLowerCase(), v]));

export const refuse = (status: number, code: string, message: string): PostRefusal => ({
  status,
  code,
  message,
});
export const UNKNOWN_ACCESS_KEY = refuse(
  403,
  'InvalidAccessKeyId',
  'The AWS Access Key Id you provided does not exist in our records.',
);
export const SIGNATURE_MISMATCH = refuse(
  403,
  'SignatureDoesNotMatch',
  'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
);
const policyFailed = (condition: unknown) =>
  refuse(
    403,
    'AccessDenied',
    `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`,
  );

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** SigV4's signature of a string with the day's S3 signing key (secret → day → region → s3 → aws4_request). */
export function s3Signature(secret: string, day: string, region: string, stringToSign: string): string {
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
}

/** SigV4 for POST: the signature is over the base64 policy itself, with the day's signing key. */
export function postSignature(secret: string, day: string, region: string, policyBase64: string): string {
  return s3Signature(secret, day, region, policyBase64);
}

/** Whether two hex signatures are equal, in constant time. */
export function sameSignature(expected: string, given: string): boolean {
  const [a, b] = [Buffer.from(expected), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Checks the form as S3 does: signature, expiry, every condition, no field outside the policy. */
export function checkPostForm(form: PostForm, creds: PostCredentials, now: Date): PostRefusal | null {
  const fields = lower(form.fields);
  const policyBase64 = fields.policy;
  if (!policyBase64) return refuse(403, 'AccessDenied', 'Bucket POST must contain a field named policy.');
  if (fields['x-amz-algorithm'] !== 'AWS4-HMAC-SHA256')
    return refuse(
      400,
      'InvalidRequest',
      'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.',
    );
  const credential = (fields['x-amz-credential'] ?? '').split('/');
  const [accessKeyId, day, region, service, terminator] = credential;
  const secret = accessKeyId ? creds.secrets[accessKeyId] : undefined;
  if (!secret) return UNKNOWN_ACCESS_KEY;
  if (
    credential.length !== 5 ||
    region !== creds.region ||
    service !== 's3' ||
    terminator !== 'aws4_request' ||
    !day
  )
    return refuse(400, 'AuthorizationQueryParametersError', 'Error parsing the X-Amz-Credential parameter.');
  if (!sameSignature(postSignature(secret, day, region, policyBase64), fields['x-amz-signature'] ?? ''))
    return SIGNATURE_MISMATCH;

  let policy: { expiration?: string; conditions?: unknown[] };
  try {
    policy = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8'));
  } catch {
    return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const expiration = Date.parse(policy.expiration ?? '');
  if (!Number.isFinite(expiration))
    return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: Policy missing expiration.');
  if (expiration <= now.getTime())
    return refuse(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
  if (!Array.isArray(policy.conditions))
    return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: Policy missing conditions.');

  // The bucket comes from the request itself, the other values from the form.
  const values: Record<string, string> = { ...fields, bucket: form.bucket };
  const covered = new Set<string>();
  for (const condition of policy.conditions) {
    if (Array.isArray(condition)) {
      const [op, target, arg] = condition as [string, unknown, unknown];
      if (String(op).toLowerCase() === 'content-length-range') {
        const [min, max] = [Number(target), Number(arg)];
        if (form.fileSize > max)
          return refuse(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
        if (form.fileSize < min)
          return refuse(
            400,
            'EntityTooSmall',
            'Your proposed upload is smaller than the minimum allowed size',
          );
        continue;
      }
      const name = String(target).replace(/^\$/, '').toLowerCase();
      covered.add(name);
      const value = values[name] ?? '';
      if (String(op).toLowerCase() === 'eq') {
        if (value !== String(arg)) return policyFailed(condition);
      } else if (String(op).toLowerCase() === 'starts-with') {
        // Content-Type may list several types: each must start with the prefix.
        const items = name === 'content-type' ? value.split(',').map((v) => v.trim()) : [value];
        if (!items.every((v) => v.startsWith(String(arg)))) return policyFailed(condition);
      } else {
        return refuse(
          400,
          'InvalidPolicyDocument',
          `Invalid Policy: Invalid Condition: ${JSON.stringify(condition)}`,
        );
      }
    } else if (condition && typeof condition === 'object') {
      for (const [rawName, expectedValue] of Object.entries(condition)) {
        const name = rawName.toLowerCase();
        covered.add(name);
        if ((values[name] ?? '') !== String(expectedValue)) return policyFailed(condition);
      }
    } else {
      return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid Condition.');
    }
  }
  const exempt = new Set(['policy', 'x-amz-signature', 'file']);
  const extra = Object.keys(fields).filter(
    (f) => !exempt.has(f) && !f.startsWith('x-ignore-') && !covered.has(f),
  );
  if (extra.length)
    return refuse(
      403,
      'AccessDenied',
      `Invalid according to Policy: Extra input fields: ${extra.join(', ')}`,
    );
  if (!covered.has('key'))
    return refuse(400, 'InvalidArgument', 'Bucket POST must contain a field named key.');
  return null;
}

/** S3's XML error body. */
export function errorXml(refusal: PostRefusal): string {
  const esc = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${esc(refusal.message)}</Message></Error>`;
}
