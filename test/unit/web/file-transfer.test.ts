import {
  FileStorageError,
  downloadText,
  uploadFile,
  type TransferClock,
  type TransferRequest,
  type TransferResponse,
} from '../../../web/src/lib/file-transfer';
import { FILE_STORAGE_MESSAGES } from '../../../shared/file-storage';

/** A clock that only moves when the client sleeps (or the test moves it): no real waiting. */
function fakeClock(start = 1_000_000) {
  let now = start;
  const sleeps: number[] = [];
  const clock: TransferClock = {
    now: () => now,
    sleep: async (ms, signal) => {
      if (signal.aborted) throw new DOMException('Aborted', 'AbortError');
      sleeps.push(ms);
      now += ms;
    },
  };
  return { clock, sleeps, advance: (ms: number) => (now += ms) };
}

/** Answers each request with the next status (and headers) of the script. */
function scripted(answers: Array<{ status: number; headers?: Record<string, string>; body?: string }>) {
  const requests: TransferRequest[] = [];
  const transport = async (request: TransferRequest): Promise<TransferResponse> => {
    requests.push(request);
    const next = answers.shift();
    if (!next) throw new Error('no more answers scripted');
    return {
      status: next.status,
      header: (n) => next.headers?.[n.toLowerCase()] ?? null,
      body: next.body ?? '',
    };
  };
  return { transport, requests };
}

const upload = {
  url: 'https://files.example/bucket',
  fields: { key: 'uploads/brand-logo/t1/abc', 'Content-Type': 'image/png' },
  key: 'uploads/brand-logo/t1/abc',
};
const file = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });

async function failure(promise: Promise<unknown>): Promise<FileStorageError> {
  try {
    await promise;
  } catch (err) {
    return err as FileStorageError;
  }
  throw new Error('expected a failure');
}

describe('the file transfer client', () => {
  it('should retry a 503 after a back-off and succeed on the 200 that follows', async () => {
    const { clock, sleeps } = fakeClock();
    const { transport, requests } = scripted([{ status: 503 }, { status: 204 }]);
    const progress: number[] = [];
    await uploadFile(upload, file, {
      clock,
      transport,
      random: () => 0,
      onProgress: (f) => progress.push(f),
    });
    expect(requests).toHaveLength(2);
    expect(sleeps).toEqual([1000]);
    expect(progress.at(-1)).toBe(1);
    // The policy's fields go first and the file last, as S3 requires.
    expect([...(requests[0]!.body as FormData).keys()]).toEqual(['key', 'Content-Type', 'file']);
  });

  it('should wait what Retry-After says on a 429', async () => {
    const { clock, sleeps } = fakeClock();
    const { transport } = scripted([
      { status: 429, headers: { 'retry-after': '7' } },
      { status: 200, body: 'ok' },
    ]);
    expect(await downloadText('https://app.example/files/brand/t/logo.svg', { clock, transport })).toBe('ok');
    expect(sleeps).toEqual([7000]);
  });

  it('should not retry a 400 and fail with the unknown error, keeping the server’s answer', async () => {
    const { clock, sleeps } = fakeClock();
    const { transport, requests } = scripted([
      { status: 400, body: '<Error><Code>EntityTooLarge</Code></Error>' },
    ]);
    const err = await failure(uploadFile(upload, file, { clock, transport }));
    expect(requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(err).toMatchObject({ code: 'unknown', message: 'An unknown error occurred', status: 400 });
    expect(err.serverResponse).toContain('EntityTooLarge');
  });

  it.each([408, 500, 502])('should retry a %i', async (status) => {
    const { clock } = fakeClock();
    const { transport, requests } = scripted([{ status }, { status: 200 }]);
    await downloadText('https://app.example/files/a.png', { clock, transport, random: () => 0 });
    expect(requests).toHaveLength(2);
  });

  it('should give up with the spec’s message once an operation’s retries would pass 120 s', async () => {
    const { clock, advance } = fakeClock();
    const answers = Array.from({ length: 20 }, () => ({ status: 503 }));
    const { transport } = scripted(answers);
    // The first answer comes after a slow first attempt: 119 s are already gone.
    const slow = async (r: TransferRequest) => {
      advance(119_000);
      return transport(r);
    };
    const err = await failure(
      downloadText('https://app.example/files/a.png', { clock, transport: slow, random: () => 0 }),
    );
    expect(err.code).toBe('retry-limit-exceeded');
    expect(err.message).toBe('Max retry time for operation exceeded, please try again.');
  });

  it('should keep retrying an upload past 120 s, up to 600 s', async () => {
    const { clock, sleeps } = fakeClock();
    const { transport, requests } = scripted([
      ...Array.from({ length: 12 }, () => ({ status: 503, headers: { 'retry-after': '60' } })),
    ]);
    const err = await failure(uploadFile(upload, file, { clock, transport }));
    // Ten waits of 60 s fit in 600 s; the eleventh would pass it.
    expect(sleeps).toEqual(Array.from({ length: 10 }, () => 60_000));
    expect(requests).toHaveLength(11);
    expect(err.message).toBe(FILE_STORAGE_MESSAGES.retryLimitExceeded);
  });

  it('should stop with the canceled message when the person cancels between attempts', async () => {
    const { clock } = fakeClock();
    const controller = new AbortController();
    const { transport } = scripted([{ status: 503 }, { status: 200 }]);
    const cancelling = async (r: TransferRequest) => {
      const res = await transport(r);
      controller.abort();
      return res;
    };
    const err = await failure(
      uploadFile(upload, file, { clock, transport: cancelling, signal: controller.signal }),
    );
    expect(err).toMatchObject({ code: 'canceled', message: 'User canceled the upload/download.' });
  });

  it('should answer the canceled message when the request itself is aborted', async () => {
    const controller = new AbortController();
    const aborted = async () => {
      controller.abort();
      throw new DOMException('Aborted', 'AbortError');
    };
    const err = await failure(uploadFile(upload, file, { transport: aborted, signal: controller.signal }));
    expect(err.message).toBe('User canceled the upload/download.');
  });

  it('should refuse operations on the bucket root without sending anything', async () => {
    const { transport, requests } = scripted([]);
    const root = await failure(
      uploadFile({ ...upload, fields: { ...upload.fields, key: '' }, key: '' }, file, { transport }),
    );
    expect(root.code).toBe('invalid-root-operation');
    expect(root.message).toContain("'upload'");
    const folder = await failure(downloadText('https://app.example/', { transport }));
    expect(folder.code).toBe('invalid-root-operation');
    expect(requests).toHaveLength(0);
  });
});
