import { checkPostForm, postSignature } from '../../../local/s3-front/post-policy';

/** A POST form signed as @aws-sdk/s3-presigned-post signs one, for the checker to judge. */
const NOW = new Date('2026-11-27T08:00:00Z');
const CREDS = { secrets: { AKID: 'secret' }, region: 'us-east-1' };

function form(
  opts: {
    conditions?: unknown[];
    expiration?: string;
    fields?: Record<string, string>;
    size?: number;
    secret?: string;
  } = {},
) {
  const policy = Buffer.from(
    JSON.stringify({
      expiration: opts.expiration ?? '2026-11-27T08:05:00Z',
      conditions: opts.conditions ?? [
        { bucket: 'files' },
        ['starts-with', '$key', 'uploads/t1/'],
        ['content-length-range', 1, 100],
        { 'Content-Type': 'image/png' },
        { key: 'uploads/t1/a' },
        { 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' },
        { 'X-Amz-Credential': 'AKID/20261127/us-east-1/s3/aws4_request' },
        { 'X-Amz-Date': '20261127T080000Z' },
      ],
    }),
  ).toString('base64');
  return {
    bucket: 'files',
    fileSize: opts.size ?? 10,
    fields: {
      key: 'uploads/t1/a',
      'Content-Type': 'image/png',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKID/20261127/us-east-1/s3/aws4_request',
      'X-Amz-Date': '20261127T080000Z',
      Policy: policy,
      'X-Amz-Signature': postSignature(opts.secret ?? 'secret', '20261127', 'us-east-1', policy),
      ...opts.fields,
    },
  };
}

describe('the local S3 front’s POST policy check', () => {
  it('should accept a form that keeps to its signed policy', () => {
    expect(checkPostForm(form(), CREDS, NOW)).toBeNull();
  });

  it('should refuse a form signed with another secret', () => {
    expect(checkPostForm(form({ secret: 'other' }), CREDS, NOW)).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
  });

  it('should refuse an unknown access key', () => {
    const f = form({ fields: { 'X-Amz-Credential': 'NOPE/20261127/us-east-1/s3/aws4_request' } });
    expect(checkPostForm(f, CREDS, NOW)).toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });
  });

  it('should refuse a policy past its expiration', () => {
    expect(checkPostForm(form({ expiration: '2026-11-27T07:59:59Z' }), CREDS, NOW)).toMatchObject({
      status: 403,
      message: 'Invalid according to Policy: Policy expired.',
    });
  });

  it('should refuse files over and under the length range', () => {
    expect(checkPostForm(form({ size: 101 }), CREDS, NOW)).toMatchObject({
      status: 400,
      code: 'EntityTooLarge',
    });
    expect(checkPostForm(form({ size: 0 }), CREDS, NOW)).toMatchObject({
      status: 400,
      code: 'EntityTooSmall',
    });
  });

  it('should refuse a changed content type, key or bucket', () => {
    expect(checkPostForm(form({ fields: { 'Content-Type': 'text/html' } }), CREDS, NOW)?.code).toBe(
      'AccessDenied',
    );
    expect(checkPostForm(form({ fields: { key: 'uploads/t2/a' } }), CREDS, NOW)?.code).toBe('AccessDenied');
    expect(checkPostForm({ ...form(), bucket: 'other' }, CREDS, NOW)?.code).toBe('AccessDenied');
  });

  it('should refuse a field the policy does not cover, but not an x-ignore- one', () => {
    expect(checkPostForm(form({ fields: { acl: 'public-read' } }), CREDS, NOW)?.message).toContain(
      'Extra input fields: acl',
    );
    expect(checkPostForm(form({ fields: { 'x-ignore-note': 'x' } }), CREDS, NOW)).toBeNull();
  });
});
