import http from 'node:http';
import { testStack } from '../stack';

const stack = testStack();

/** A GET with the Host header a page on a rebinding DNS name would send. */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: hostname === 'localhost' ? '127.0.0.1' : hostname, port, path: pathname, headers: { host } },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const SERVERS = {
  'the app': `${stack.appUrl}/config.json`,
  'its Cognito proxy': `${stack.appUrl}/__cognito`,
  'the mailbox (which lists every code)': `${stack.mailboxUrl}/store`,
};

describe('DNS rebinding (issue 18 item 3)', () => {
  it.each(Object.entries(SERVERS))('should answer 421 for %s under another host name', async (_name, url) => {
    const { port } = new URL(url);
    const answer = await getWithHost(url, `evil.example:${port}`);
    expect(answer.status).toBe(421);
    expect(answer.body).not.toMatch(/@/);
  });

  it.each(['localhost', '127.0.0.1', '[::1]'])(
    'should serve the mailbox and the app under %s',
    async (name) => {
      for (const url of [`${stack.mailboxUrl}/store`, `${stack.appUrl}/config.json`]) {
        const answer = await getWithHost(url, `${name}:${new URL(url).port}`);
        expect(answer.status).toBe(200);
      }
    },
  );
});
