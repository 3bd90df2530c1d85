import { Readable } from 'node:stream';
import { streamCollector } from '@smithy/node-http-handler';
import type { StreamCollector } from '@smithy/types';

/**
 * Reads an answer's body whole, for the AWS SDK clients' `streamCollector` setting (issue 26 item 5).
 *
 * The SDK's own collector pipes every answer into a new `Writable` and joins its chunks; for the
 * Node.js answer a client gets (an `http.IncomingMessage`) listening to its chunks directly gives
 * the same bytes for less work on each call (measured in bench/sdk-calls.ts). Anything else (a web
 * stream, a Blob) goes to the SDK's collector. A body cut short (the socket closed before its end)
 * fails the call, as with the SDK's collector, so the client's retries apply.
 */
export const collectBody: StreamCollector = (stream) => {
  if (!(stream instanceof Readable)) return streamCollector(stream);
  return new Promise<Uint8Array>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let ended = false;
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
    });
    stream.once('end', () => {
      ended = true;
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length));
    });
    stream.once('error', reject);
    stream.once('close', () => {
      if (!ended) reject(new Error('The answer ended before its body was complete'));
    });
  });
};
