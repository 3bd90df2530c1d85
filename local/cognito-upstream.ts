import { CognitoProxyError, JSON_TYPE, TARGET_PREFIX } from './cognito-requests';
import type { TokenSigner } from './cognito-token-signer';

/** The answer of cognito-local to one operation, made safe for a browser. */
export interface UpstreamAnswer {
  ok: boolean;
  status: number;
  /** The JSON body (an object): the operation's result, or `{ __type, message }`. */
  body: Record<string, unknown>;
}

export function answerResponse(answer: UpstreamAnswer): Response {
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'content-type': JSON_TYPE },
  });
}

/** The Cognito error type of a failed answer ('' for a success). */
export function errorType(answer: UpstreamAnswer): string {
  return answer.ok ? '' : String(answer.body.__type ?? '');
}

/**
 * Calls cognito-local and passes on what it says when it is JSON in Cognito's shape, never its crashes
 * or HTML; the ID and access tokens it issues come back signed with the stack's own key.
 */
export function createUpstream(opts: { url: string; signer: TokenSigner }) {
  const fail = (err: CognitoProxyError): UpstreamAnswer => ({
    ok: false,
    status: err.status,
    body: { __type: err.type, message: err.message },
  });

  const resignTokens = (body: Record<string, unknown>) => {
    const result = body.AuthenticationResult as Record<string, unknown> | undefined;
    if (!result || typeof result !== 'object') return body;
    const signed = { ...result };
    for (const name of ['IdToken', 'AccessToken'] as const) {
      if (typeof result[name] === 'string') signed[name] = opts.signer.resign(result[name]);
    }
    return { ...body, AuthenticationResult: signed };
  };

  return async function call(target: string, input: unknown): Promise<UpstreamAnswer> {
    let res: Response;
    try {
      res = await fetch(opts.url, {
        method: 'POST',
        headers: { 'content-type': JSON_TYPE, 'x-amz-target': `${TARGET_PREFIX}${target}` },
        body: JSON.stringify(input),
      });
    } catch (err) {
      console.error('[cognito-proxy] cognito-local unreachable:', err);
      throw new CognitoProxyError(
        'InternalErrorException',
        'The local Cognito emulator is not running.',
        502,
      );
    }
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
    if (res.ok && isObject) {
      return { ok: true, status: 200, body: resignTokens(body as Record<string, unknown>) };
    }
    const type = isObject ? (body as { __type?: unknown }).__type : undefined;
    const message = isObject ? (body as { message?: unknown }).message : undefined;
    if (type === 'CognitoLocal#Unsupported') {
      return fail(
        new CognitoProxyError(
          'InvalidParameterException',
          `The local Cognito emulator cannot do this ${target}.`,
        ),
      );
    }
    if (res.status >= 400 && res.status < 500 && typeof type === 'string') {
      const status = res.status === 403 || res.status === 404 ? res.status : 400;
      return fail(new CognitoProxyError(type, typeof message === 'string' ? message : type, status));
    }
    console.error(
      `[cognito-proxy] cognito-local failed on ${target} (${res.status}): ${text.slice(0, 2000)}`,
    );
    return fail(
      new CognitoProxyError('InternalErrorException', 'The local Cognito emulator failed; see its log.', 500),
    );
  };
}

export type UpstreamCall = ReturnType<typeof createUpstream>;
