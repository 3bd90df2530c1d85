import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, limitParam } from '../../shared/records/list-query';
import { CONFIRMATION_MESSAGES, confirmationAnswerSchema } from '../../shared/confirmations';
import { recordId } from '../../shared/records/ids';
import {
  answerByLink,
  describeConfirmation,
  type AnswerDeps,
} from '../core/confirmations/answer-confirmation';
import { listConfirmations } from '../core/confirmations/list-confirmations';
import { NotFoundError } from '../core/errors';
import { jsonBody, queryParams, type AppEnv } from '../http/kit';
import { tenantOfRequest } from './record-routes';
import { builtOnFirstUse } from '../../shared/built-on-first-use';

export type ConfirmationRoutesDeps = AnswerDeps;

/** Paths served without sign-in: the signed token in the path is the authority. */
export const PUBLIC_CONFIRMATION_PATH = /^\/api\/confirmations\/[^/]+$/;

const SMALL_BODY_BYTES = 1024;
const isoDay = /* @__PURE__ */ builtOnFirstUse(() =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-03-31'),
);

const listQuerySchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .object({
      jobsiteId: recordId.optional(),
      from: isoDay.optional(),
      to: isoDay.optional(),
      limit: limitParam(LIST_LIMIT_MAX, LIST_LIMIT_DEFAULT),
    })
    .refine((q) => !q.jobsiteId || (q.from && q.to), {
      message: 'from and to are required with jobsiteId',
      path: ['from'],
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, {
      message: 'from must be on or before to',
      path: ['to'],
    }),
);

const noStore = (c: Context) => {
  c.header('cache-control', 'no-store');
  c.header('referrer-policy', 'no-referrer');
};

function tokenOf(c: Context<AppEnv>): string {
  const token = c.req.param('token') ?? '';
  if (token.length === 0 || token.length > 1024) throw new NotFoundError(CONFIRMATION_MESSAGES.invalidLink);
  return token;
}

/**
 * PUBLIC (mount before `requireCaller`): `GET /api/confirmations/{token}` (what the `/c/{token}` page
 * shows) and `POST /api/confirmations/{token}` `{ answer }` (records it once).
 */
export function publicConfirmationRoutes(deps: ConfirmationRoutesDeps) {
  return new Hono<AppEnv>()
    .get('/api/confirmations/:token', async (c) => {
      noStore(c);
      return c.json(await describeConfirmation(tokenOf(c), deps));
    })
    .post('/api/confirmations/:token', jsonBody(confirmationAnswerSchema, SMALL_BODY_BYTES), async (c) => {
      noStore(c);
      return c.json(await answerByLink(tokenOf(c), c.req.valid('json').answer, deps));
    });
}

/** Signed in: `GET /api/confirmations?jobsiteId=&from=&to=` or `?limit=` (the account's latest). */
export function confirmationRoutes(deps: ConfirmationRoutesDeps) {
  return new Hono<AppEnv>().get('/api/confirmations', queryParams(listQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const query = q.jobsiteId ? { jobsiteId: q.jobsiteId, from: q.from!, to: q.to! } : { limit: q.limit };
    return c.json(await listConfirmations(tenantOfRequest(c), query, deps));
  });
}
