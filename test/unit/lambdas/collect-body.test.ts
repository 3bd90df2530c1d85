import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { collectBody } from '../../../lambdas/adapters/aws-sdk/collect-body';

const text = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');

/** A real HTTP answer (an IncomingMessage, as the SDK's Node handler hands over) from a local server. */
async function answerOf(write: (res: import('node:http').ServerResponse) => void): Promise<IncomingMessage> {
  const server = createServer((_req, res) => write(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      res.once('close', () => server.close());
      resolve(res);
    });
    req.once('error', reject);
    req.end();
  });
}

describe('collectBody', () => {
  it('should give the bytes of a body that came in one chunk', async () => {
    expect(text(await collectBody(Readable.from([Buffer.from('{"MessageId":"m-1"}')])))).toBe(
      '{"MessageId":"m-1"}',
    );
  });

  it('should join a body that came in many chunks, in order, multi-byte characters across chunks included', async () => {
    const whole = Buffer.from('{"Items":[' + '"Union Station – é ✓",'.repeat(2000) + '"end"]}');
    const chunks = [
      whole.subarray(0, 11),
      whole.subarray(11, 12),
      whole.subarray(12, 40_000),
      whole.subarray(40_000),
    ];
    expect(text(await collectBody(Readable.from(chunks)))).toBe(whole.toString('utf8'));
  });

  it('should give an empty body as no bytes', async () => {
    expect((await collectBody(Readable.from([]))).byteLength).toBe(0);
  });

  it('should read a real HTTP answer whole', async () => {
    const body = 'x'.repeat(200_000);
    const res = await answerOf((r) => {
      r.writeHead(200, { 'content-type': 'application/json' });
      r.write(body.slice(0, 70_000));
      setImmediate(() => r.end(body.slice(70_000)));
    });
    expect(text(await collectBody(res))).toBe(body);
  });

  it('should fail when the connection drops before the body is complete', async () => {
    const res = await answerOf((r) => {
      r.writeHead(200, { 'content-length': '1000' });
      r.write('{"partial":');
      setImmediate(() => r.socket?.destroy());
    });
    await expect(collectBody(res)).rejects.toThrow();
  });

  it('should fail when the stream fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('socket hang up'));
      },
    });
    await expect(collectBody(failing)).rejects.toThrow('socket hang up');
  });

  it("should hand a web stream to the SDK's own collector", async () => {
    const web = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"ok":'));
        controller.enqueue(new TextEncoder().encode('true}'));
        controller.close();
      },
    });
    expect(text(await collectBody(web as never))).toBe('{"ok":true}');
  });
});
