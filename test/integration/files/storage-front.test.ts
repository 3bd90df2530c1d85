import {
  DeleteBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { testStack } from '../stack';

/**
 * The local S3 front refuses what S3 and the Lambda role's policy refuse, for every request besides
 * the browser's upload POST (issue 24 item 5): the real @aws-sdk/client-s3, and presigned URLs made
 * by the SDK's own signer, against the stack's front at `/__s3`.
 */
const stack = testStack();
const endpoint = stack.lambdaConfig.S3_ENDPOINT!;
const bucket = stack.lambdaConfig.FILES_BUCKET!;
const region = stack.lambdaConfig.AWS_REGION;
const GOOD = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
const key = `uploads/front-test/${run}/a.txt`;

const s3 = (credentials = GOOD, extra: Record<string, unknown> = {}) =>
  new S3Client({ region, endpoint, forcePathStyle: true, credentials, maxAttempts: 1, ...extra });

/** The S3 error an SDK call ended with: its code and HTTP status. */
async function refusal(call: Promise<unknown>): Promise<{ name: string; status: number | undefined }> {
  try {
    await call;
  } catch (err) {
    const e = err as { name: string; $metadata?: { httpStatusCode?: number } };
    return { name: e.name, status: e.$metadata?.httpStatusCode };
  }
  throw new Error('The call was not refused');
}

/** A presigned GET of the key, as @aws-sdk/s3-request-presigner makes one (the SDK's SigV4 signer). */
async function presignedGet(objectKey: string, opts: { expiresIn: number; signingDate?: Date }) {
  const url = new URL(`${endpoint}/${bucket}/${objectKey}`);
  const signer = new SignatureV4({
    credentials: GOOD,
    region,
    service: 's3',
    sha256: Sha256,
    uriEscapePath: false,
  });
  const signed = await signer.presign(
    {
      method: 'GET',
      protocol: url.protocol,
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      query: {},
      // As @aws-sdk/s3-request-presigner: S3 reads a presigned URL's payload as unsigned.
      headers: { host: url.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
    },
    { expiresIn: opts.expiresIn, signingDate: opts.signingDate },
  );
  const query = new URLSearchParams(signed.query as Record<string, string>).toString();
  return `${url.origin}${url.pathname}?${query}`;
}

const xmlCode = async (res: Response) => /<Code>([^<]+)<\/Code>/.exec(await res.text())?.[1];

beforeAll(async () => {
  await s3().send(
    new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'hello', ContentType: 'text/plain' }),
  );
});

describe('the local S3 front, for requests other than uploads', () => {
  it('should carry out what the role may do, signed by the real SDK', async () => {
    const got = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(await got.Body!.transformToString()).toBe('hello');
  });

  it('should refuse a request signed with a wrong secret or an unknown key, as S3 does', async () => {
    const get = new GetObjectCommand({ Bucket: bucket, Key: key });
    expect(await refusal(s3({ ...GOOD, secretAccessKey: 'wrong' }).send(get))).toEqual({
      name: 'SignatureDoesNotMatch',
      status: 403,
    });
    expect(await refusal(s3({ accessKeyId: 'NOBODY', secretAccessKey: 'x' }).send(get))).toEqual({
      name: 'InvalidAccessKeyId',
      status: 403,
    });
  });

  it('should refuse a request signed with a clock more than 15 minutes off', async () => {
    const skewed = s3(GOOD, { systemClockOffset: -60 * 60_000 });
    expect(await refusal(skewed.send(new GetObjectCommand({ Bucket: bucket, Key: key })))).toEqual({
      name: 'RequestTimeTooSkewed',
      status: 403,
    });
  });

  it('should refuse an unsigned read of an object that exists', async () => {
    const res = await fetch(`${endpoint}/${bucket}/${key}`);
    expect(res.status).toBe(403);
    expect(await xmlCode(res)).toBe('AccessDenied');
  });

  it('should serve a presigned GET until it expires, then refuse it, and refuse one changed after signing', async () => {
    const fresh = await presignedGet(key, { expiresIn: 300 });
    const ok = await fetch(fresh);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('hello');

    const expired = await presignedGet(key, {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 5 * 60_000),
    });
    const late = await fetch(expired);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('Request has expired');

    const tampered = fresh.replace(
      encodeURIComponent(key).replace(/%2F/g, '/'),
      key.replace('a.txt', 'b.txt'),
    );
    expect(tampered).not.toBe(fresh);
    const changed = await fetch(tampered);
    expect(changed.status).toBe(403);
    expect(await xmlCode(changed)).toBe('SignatureDoesNotMatch');
  });

  it('should refuse operations on the bucket root, signed or not', async () => {
    expect(await refusal(s3().send(new ListObjectsV2Command({ Bucket: bucket })))).toEqual({
      name: 'AccessDenied',
      status: 403,
    });
    expect(await refusal(s3().send(new DeleteBucketCommand({ Bucket: bucket })))).toEqual({
      name: 'AccessDenied',
      status: 403,
    });
    for (const path of ['/', `/${bucket}`, `/${bucket}/`]) {
      const res = await fetch(`${endpoint}${path}`);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }
  });

  it("should refuse keys outside the role's prefixes: no write outside uploads/ and files/, no read of files/", async () => {
    const put = (Key: string) => s3().send(new PutObjectCommand({ Bucket: bucket, Key, Body: 'x' }));
    expect(await refusal(put(`elsewhere/${run}.txt`))).toEqual({ name: 'AccessDenied', status: 403 });
    await put(`files/front-test/${run}.txt`);
    expect(
      await refusal(s3().send(new GetObjectCommand({ Bucket: bucket, Key: `files/front-test/${run}.txt` }))),
    ).toEqual({ name: 'AccessDenied', status: 403 });
  });

  it('should answer 405 to a method S3 does not know', async () => {
    const res = await fetch(`${endpoint}/${bucket}/${key}`, { method: 'PATCH', body: 'x' });
    expect(res.status).toBe(405);
    expect(await xmlCode(res)).toBe('MethodNotAllowed');
  });
});
