import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { WEBHOOK_BODY_EXCERPT_CHARS, WEBHOOK_TIMEOUT_MS } from '../../../shared/webhooks';
import {
  isAllowedLoopback,
  isBlockedAddress,
  type WebhookUrlPolicy,
} from '../../core/webhooks/webhook-addresses';
import type { WebhookResponse, WebhookTransport } from '../../core/webhooks/webhook.ports';

/** Bytes of a receiver's answer read at most: the excerpt is all we keep. */
const MAX_ANSWER_BYTES = 4 * WEBHOOK_BODY_EXCERPT_CHARS;

/**
 * Posts deliveries with `node:http(s)` through request-filtering-agent, which checks the address a
 * host name resolves to at connection time (so a name that resolves to a private address, or
 * rebinds to one after the URL was checked, is refused), plus our own check of IP literals. Never
 * follows a redirect (node's client does not; a 3xx is a failed attempt), and gives up after 10 s.
 * Locally, when the policy allows loopback, only 127.0.0.1 and ::1 are let through as well.
 */
export function nodeWebhookTransport(
  policy: WebhookUrlPolicy,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): WebhookTransport {
  const loopback = policy.allowLoopback ? ['127.0.0.1', '::1'] : [];
  const agents = {
    'http:': new RequestFilteringHttpAgent({ allowIPAddressList: loopback, keepAlive: false }),
    'https:': new RequestFilteringHttpsAgent({ allowIPAddressList: loopback, keepAlive: false }),
  };
  return {
    post(url, headers, body) {
      if (isBlockedAddress(url.hostname) && !isAllowedLoopback(url.hostname, policy))
        return Promise.reject(new Error(`Refused: ${url.hostname} is not a public address`));
      const agent = agents[url.protocol as keyof typeof agents];
      if (!agent) return Promise.reject(new Error(`Refused: ${url.protocol} is not http or https`));
      const client = url.protocol === 'https:' ? https : http;
      const started = Date.now();
      return new Promise<WebhookResponse>((resolve, reject) => {
        const req = client.request(
          url,
          {
            method: 'POST',
            agent,
            headers: { ...headers, 'content-length': Buffer.byteLength(body) },
            timeout: timeoutMs,
          },
          (res) => {
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (chunk: Buffer) => {
              if (size < MAX_ANSWER_BYTES) chunks.push(chunk);
              size += chunk.length;
            });
            res.on('end', () =>
              resolve({
                statusCode: res.statusCode ?? 0,
                durationMs: Date.now() - started,
                body: Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8'),
              }),
            );
            res.on('error', reject);
          },
        );
        // One deadline for the whole exchange, not only socket idleness.
        const deadline = setTimeout(
          () => req.destroy(new Error(`Timed out after ${timeoutMs / 1000} s`)),
          timeoutMs,
        );
        req.on('timeout', () => req.destroy(new Error(`Timed out after ${timeoutMs / 1000} s`)));
        req.on('error', reject);
        req.on('close', () => clearTimeout(deadline));
        req.end(body);
      });
    },
  };
}
