import http from 'node:http';

export interface RawHttpAnswer {
  status: number;
  text: string;
  /** The answer parsed as JSON, or null when it is not JSON. */
  body: any;
  headers: Headers;
}

/**
 * One request on its own connection with any headers (a foreign `Host` included, which fetch will
 * not send) and any body. A server may answer an oversized body (413) before reading it and close
 * the connection: that answer is what counts, not the write error that follows.
 */
const NO_ANSWER_MS = 20_000;

export function rawHttp(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
): Promise<RawHttpAnswer> {
  const body = init.body ?? '';
  return new Promise((resolve, reject) => {
    // A server that never answers fails the test that sent it, naming the request, instead of hanging it.
    const timer = setTimeout(() => {
      req.destroy();
      reject(
        new Error(`No answer in ${NO_ANSWER_MS / 1000} s: ${init.method} ${url} (${body.length} bytes)`),
      );
    }, NO_ANSWER_MS);
    const req = http.request(
      url,
      {
        method: init.method,
        headers: { ...init.headers, 'content-length': Buffer.byteLength(body) },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = null;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Left null: the caller's assertions say what was wrong.
          }
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
          resolve({ status: res.statusCode ?? 0, text, body: parsed, headers });
        });
      },
    );
    req.on('error', (err) => (req.writableEnded && req.socket?.destroyed ? undefined : reject(err)));
    req.end(body);
  });
}
