import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { ValidationError } from '../core/errors';
import { parseWith } from '../core/validate';
import {
  INVALID_UNSUBSCRIBE_LINK,
  confirmUnsubscribe,
  describeUnsubscribe,
  type UnsubscribeDeps,
} from '../core/email/unsubscribe';
import { jsonBody, limitBody, queryParams, type AppEnv } from '../http/kit';
import { builtOnFirstUse } from '../../shared/built-on-first-use';
import { objectOnFirstUse } from '../../shared/object-on-first-use';

export type UnsubscribeRoutesDeps = UnsubscribeDeps;

const token = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .string({ message: INVALID_UNSUBSCRIBE_LINK })
    .trim()
    .min(1, INVALID_UNSUBSCRIBE_LINK)
    .max(2048, INVALID_UNSUBSCRIBE_LINK),
);
const tokenQuery = /* @__PURE__ */ objectOnFirstUse(() => ({ token }));
const tokenBody = /* @__PURE__ */ objectOnFirstUse(() => ({ token }));

/** The body a mail client's one-click unsubscribe POSTs (RFC 8058). */
const ONE_CLICK = 'List-Unsubscribe=One-Click';
const SMALL_BODY_BYTES = 4 * 1024;

const noStore = (c: Context) => {
  c.header('cache-control', 'no-store');
  c.header('referrer-policy', 'no-referrer');
};

/**
 * PUBLIC routes (no sign-in: the signed token is the authority; mount them before `requireCaller`):
 * `GET /api/unsubscribe?token=` says who the link stands for; `POST /api/unsubscribe` with
 * `{ token }` (the page's button) or `?token=` with the body `List-Unsubscribe=One-Click` (a mail
 * client's one-click, RFC 8058) marks that worker unsubscribed. Both answer the same view.
 */
export function unsubscribeRoutes(deps: UnsubscribeRoutesDeps) {
  return new Hono<AppEnv>()
    .get('/api/unsubscribe', queryParams(tokenQuery), async (c) => {
      noStore(c);
      return c.json(await describeUnsubscribe(c.req.valid('query').token, deps));
    })
    .post('/api/unsubscribe', limitBody(SMALL_BODY_BYTES), async (c, next) => {
      const fromQuery = c.req.query('token');
      if (fromQuery === undefined) return next();
      // One-click from a mail client: form-encoded (or multipart) body naming the one-click action.
      const body = await c.req.text();
      if (!body.includes(ONE_CLICK))
        throw new ValidationError('body', `A one-click unsubscribe must send ${ONE_CLICK}`);
      noStore(c);
      return c.json(await confirmUnsubscribe(parseWith(token, fromQuery), deps));
    })
    .post('/api/unsubscribe', jsonBody(tokenBody, SMALL_BODY_BYTES), async (c) => {
      noStore(c);
      return c.json(await confirmUnsubscribe(c.req.valid('json').token, deps));
    });
}
