import type { TestStackInfo } from '../../support/stack-process';
import { cognitoCall } from '../../support/cognito';

/** `cognitoCall` as the SPA's app client makes it: the stack's user pool client id added to the body. */
export function appClientCall<T = Record<string, unknown>>(
  stack: TestStackInfo,
  target: string,
  body: Record<string, unknown>,
) {
  return cognitoCall<T>(stack, target, { ClientId: stack.runtimeConfig.userPoolClientId, ...body });
}

export interface RawAnswer {
  status: number;
  contentType: string;
  text: string;
  headers: Headers;
}

/** Sends any body, well-formed or not, to the local Cognito proxy as the browser would. */
export async function rawCognitoCall(
  stack: TestStackInfo,
  target: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const res = await fetch(`${stack.appUrl}/__cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      ...headers,
    },
    body,
  });
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    text: await res.text(),
    headers: res.headers,
  };
}

/** A Cognito-shaped error: JSON `{ __type, message }`. */
export function cognitoError(answer: RawAnswer): { __type: string; message: string } {
  const body = JSON.parse(answer.text) as { __type?: unknown; message?: unknown };
  if (typeof body.__type !== 'string' || typeof body.message !== 'string') {
    throw new Error(`Not a Cognito error: ${answer.text}`);
  }
  return { __type: body.__type, message: body.message };
}

/** What must never reach a browser: HTML, a stack trace, a path on this machine. */
export function leaks(text: string): string | null {
  if (/<html|<!doctype|<pre>/i.test(text)) return 'HTML';
  if (/\n\s+at [\w.<>]+ \(|\bat (?:async )?[\w.]+ \(\/|\.(?:ts|js|cjs|mjs):\d+:\d+/.test(text))
    return 'a stack trace';
  if (
    /(?:^|[\s"'(])\/(?:work|home|root|tmp|usr|opt|var|Users)\//.test(text) ||
    /node_modules|file:\/\//.test(text)
  ) {
    return 'an absolute path';
  }
  return null;
}

export function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
