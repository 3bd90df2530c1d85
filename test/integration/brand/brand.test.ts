import { testStack } from '../stack';
import { callApi, newAccount, subscribe, type TestAccount } from '../../support/accounts';

/**
 * White-labelling and file storage (issue 24 items 4–5) through the real path: the API presigns a
 * POST, the browser-shaped upload goes to the local S3 front (which checks the policy and the
 * signature as S3 does) and s3rver, the PUT adopts the logo, and the app's origin serves it.
 */
const stack = testStack();
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) => callApi(stack, pathname, init);

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(7)]);
const SCRIPT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="4" height="4"/></svg>';
const CLEAN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="#1d4ed8"/></svg>';

type Upload = { url: string; fields: Record<string, string>; key: string };

let enterprise: TestAccount;

beforeAll(async () => {
  enterprise = await newAccount(stack, 'brand-enterprise');
  await subscribe(stack, enterprise, 'enterprise');
}, 60_000);

async function presign(account: TestAccount, contentType: string): Promise<Upload> {
  const res = await api('/api/account/brand/logo-upload', { token: account.token, body: { contentType } });
  expect(res.status).toBe(200);
  return res.body as Upload;
}

/** Posts the form as a browser does: the policy's fields first, the file last. */
async function post(
  upload: Upload,
  file: Uint8Array<ArrayBuffer> | string,
  change: (form: FormData) => void = () => undefined,
  type = upload.fields['Content-Type']!,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  change(form);
  form.append('file', new Blob([file], { type }));
  const res = await fetch(upload.url, { method: 'POST', body: form });
  return { status: res.status, text: await res.text() };
}

const brandBody = (extra: Record<string, unknown> = {}) => ({
  companyName: 'Harbor Steel Erectors',
  colour: '#1D4ED8',
  footer: 'Harbor Steel Erectors · 12 Dock St · Safety line 555-0100',
  logoUrl: null,
  ...extra,
});

/** The brand form's save: PUT the brand with `extra` over the usual fields, as `account`. */
const putBrand = (extra: Record<string, unknown> = {}, account: TestAccount = enterprise) =>
  api('/api/account/brand', { method: 'PUT', token: account.token, body: brandBody(extra) });

describe('the account brand', () => {
  it('should store the brand and serve an uploaded PNG logo from the app origin when an Enterprise owner sets it', async () => {
    const upload = await presign(enterprise, 'image/png');
    expect(upload.key.startsWith(`uploads/brand-logo/${enterprise.userId}/`)).toBe(true);
    expect((await post(upload, PNG)).status).toBe(204);

    const put = await putBrand({ logoKey: upload.key });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ companyName: 'Harbor Steel Erectors', colour: '#1d4ed8' });
    expect(put.body.logoUrl).toMatch(
      new RegExp(`^${stack.appUrl}/files/brand/${enterprise.userId}/[0-9a-f-]+\\.png$`),
    );

    const got = await api('/api/account/brand', { token: enterprise.token });
    expect(got.body).toEqual(put.body);
    const logo = await fetch(put.body.logoUrl);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await logo.arrayBuffer())).toEqual(PNG);

    // Keeping the logo: the same logoUrl comes back; an address we did not make is refused.
    const kept = await putBrand({ logoUrl: put.body.logoUrl, footer: '' });
    expect(kept.status).toBe(200);
    expect(kept.body.logoUrl).toBe(put.body.logoUrl);
    const foreign = await putBrand({ logoUrl: 'https://evil.example/logo.png' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields.logoUrl).toEqual(expect.any(String));
  });

  it('should write one brand when the same PUT is sent several times at once', async () => {
    const results = await Promise.all([1, 2, 3].map(() => putBrand()));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const got = await api('/api/account/brand', { token: enterprise.token });
    expect(got.body).toEqual({ ...brandBody(), colour: '#1d4ed8' });
  });

  it('should keep one whole body, never a mix of two, when 20 different brands are saved at once', async () => {
    const colours = ['#1d4ed8', '#0f172a'];
    const bodies = Array.from({ length: 20 }, (_, i) =>
      brandBody({ companyName: `Crew ${i}`, footer: `Footer of crew ${i}`, colour: colours[i % 2] }),
    );

    const results = await Promise.all(
      bodies.map((body) => api('/api/account/brand', { method: 'PUT', token: enterprise.token, body })),
    );

    expect(results.map((r) => r.status)).toEqual(new Array(20).fill(200));
    const got = (await api('/api/account/brand', { token: enterprise.token })).body;
    const i = Number(/^Crew (\d+)$/.exec(got.companyName)?.[1]);
    expect(got).toEqual(bodies[i]);
  });

  it('should refuse a colour without 4.5:1 contrast with the reason, naming the field', async () => {
    const res = await putBrand({ colour: '#808080' });
    expect(res.status).toBe(400);
    expect(res.body.fields.colour).toMatch(
      /#808080 has 3\.\d\d:1 contrast with white text and 3\.\d\d:1 with dark text/,
    );
    const bad = await putBrand({ colour: 'blue' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.colour).toBe('Brand colour must be a hex colour like #1d4ed8');
  });

  it('should refuse an SVG logo holding a script and never serve it', async () => {
    const upload = await presign(enterprise, 'image/svg+xml');
    expect((await post(upload, SCRIPT_SVG)).status).toBe(204);
    const put = await putBrand({ logoKey: upload.key });
    expect(put.status).toBe(400);
    expect(put.body.fields.logo).toMatch(/script/);
    // The upload waits under uploads/, which the app's origin never serves.
    expect((await fetch(`${stack.appUrl}/files/${upload.key}`)).status).toBe(404);
    expect((await fetch(`${stack.appUrl}/files/brand/${enterprise.userId}/`)).status).toBe(404);

    const clean = await presign(enterprise, 'image/svg+xml');
    expect((await post(clean, CLEAN_SVG)).status).toBe(204);
    const ok = await putBrand({ logoKey: clean.key });
    expect(ok.status).toBe(200);
    expect(ok.body.logoUrl).toMatch(/\.svg$/);
  });

  it("should refuse another account's upload key", async () => {
    const other = await newAccount(stack, 'brand-other');
    await subscribe(stack, other, 'enterprise');
    const theirs = await presign(other, 'image/png');
    expect((await post(theirs, PNG)).status).toBe(204);
    const res = await putBrand({ logoKey: theirs.key });
    expect(res.status).toBe(400);
    expect(res.body.fields.logoKey).toEqual(expect.any(String));
  }, 60_000);

  it('should refuse 403 naming the plan when a Premium account reads, sets or uploads a brand', async () => {
    const premium = await newAccount(stack, 'brand-premium');
    await subscribe(stack, premium, 'premium');
    const calls = await Promise.all([
      api('/api/account/brand', { token: premium.token }),
      putBrand({}, premium),
      api('/api/account/brand/logo-upload', { token: premium.token, body: { contentType: 'image/png' } }),
    ]);
    for (const res of calls) {
      expect(res.status).toBe(403);
      expect(res.body.error).toContain('Enterprise');
      expect(res.body.error).toContain('Premium');
    }
  }, 60_000);
});

describe('the local S3 front, as S3 checks a presigned POST', () => {
  /** A fresh presigned form for a PNG, posted with the PNG after `change` altered the form. */
  const postPngFormChanged = async (change: (form: FormData) => void) =>
    post(await presign(enterprise, 'image/png'), PNG, change);

  it('should refuse a file over the size limit with EntityTooLarge', async () => {
    const upload = await presign(enterprise, 'image/png');
    const res = await post(upload, new Uint8Array(1024 * 1024 + 1));
    expect(res.status).toBe(400);
    expect(res.text).toContain('<Code>EntityTooLarge</Code>');
  });

  it('should refuse a content type the policy does not name', async () => {
    const upload = await presign(enterprise, 'image/png');
    const res = await post(upload, '<html></html>', (f) => f.set('Content-Type', 'text/html'), 'text/html');
    expect(res.status).toBe(403);
    expect(res.text).toContain('<Code>AccessDenied</Code>');
    expect(res.text).toContain('Policy Condition failed');
  });

  it('should refuse a key outside the prefix the policy allows', async () => {
    const res = await postPngFormChanged((f) => f.set('key', 'files/brand/someone-else/logo.png'));
    expect(res.status).toBe(403);
    expect(res.text).toContain('Policy Condition failed');
    expect(res.text).toContain('$key');
  });

  it('should refuse a form whose policy was changed after signing', async () => {
    const upload = await presign(enterprise, 'image/png');
    const policy = JSON.parse(Buffer.from(upload.fields.Policy!, 'base64').toString('utf8'));
    policy.conditions = policy.conditions.map((c: unknown) =>
      Array.isArray(c) && c[0] === 'content-length-range' ? ['content-length-range', 1, 50 * 1024 * 1024] : c,
    );
    const forged = Buffer.from(JSON.stringify(policy)).toString('base64');
    const res = await post(upload, new Uint8Array(2 * 1024 * 1024), (f) => f.set('Policy', forged));
    expect(res.status).toBe(403);
    expect(res.text).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  it('should refuse a field the policy does not cover', async () => {
    const res = await postPngFormChanged((f) => f.append('x-amz-meta-owner', 'me'));
    expect(res.status).toBe(403);
    expect(res.text).toContain('Extra input fields: x-amz-meta-owner');
  });
});
