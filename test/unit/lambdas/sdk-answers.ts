import { Readable } from 'node:stream';
import type { HttpRequest, MiddlewareStack } from '@smithy/types';

/** A request as a real SDK client signed it, its body as text. */
export interface SentRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** What the serializer handed the HTTP handler: JSON.stringify's text, or bytes. */
  bodyType: 'text' | 'bytes' | 'none';
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Answers a real SDK client's requests here instead of over the network: a middleware at the very
 * end of its chain (after serializing, signing and retries, before nothing but the HTTP handler)
 * keeps each request and hands the client's own deserializer `answer(request)`.
 */
export function answeredBy(
  client: { middlewareStack: MiddlewareStack<any, any> },
  answer: (request: SentRequest) => Answer,
): SentRequest[] {
  const sent: SentRequest[] = [];
  client.middlewareStack.add(
    () => async (args: { request: unknown }) => {
      const request = args.request as HttpRequest;
      const body = request.body as string | Uint8Array | undefined;
      const kept: SentRequest = {
        method: request.method,
        path: request.path,
        headers: { ...request.headers },
        body:
          typeof body === 'string'
            ? body
            : body
              ? Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8')
              : '',
        bodyType: typeof body === 'string' ? 'text' : body ? 'bytes' : 'none',
      };
      sent.push(kept);
      const { status, headers = {}, body: text = '' } = answer(kept);
      return {
        response: { statusCode: status, headers, body: Readable.from([Buffer.from(text)]) },
        output: undefined,
      };
    },
    { step: 'deserialize', priority: 'low', name: 'answeredHere' },
  );
  return sent;
}

/** The headers that differ between two sends of the same request whatever the client (time, ids, signature). */
export const PER_SEND_HEADERS = ['authorization', 'x-amz-date', 'amz-sdk-invocation-id', 'amz-sdk-request'];

export function withoutPerSendHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_SEND_HEADERS.includes(name)));
}
