import { Hono } from 'hono';
import { createApiKeySchema } from '../../shared/api-keys';
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeysDeps } from '../core/api-keys/api-keys';
import { callerOf, jsonBody, type AppEnv } from '../http/kit';

/**
 * The account's API keys (issue 23), for signed-in members: `POST /api/api-keys` (Enterprise; the
 * secret is in this answer only), `GET /api/api-keys`, `DELETE /api/api-keys/{id}` (revoked at once).
 */
export function apiKeysRoutes(deps: ApiKeysDeps) {
  return new Hono<AppEnv>()
    .post('/api/api-keys', jsonBody(createApiKeySchema), async (c) =>
      c.json(await createApiKey(callerOf(c), c.req.valid('json'), deps), 201),
    )
    .get('/api/api-keys', async (c) => c.json({ items: await listApiKeys(callerOf(c), deps) }))
    .delete('/api/api-keys/:id', async (c) => {
      await revokeApiKey(callerOf(c), c.req.param('id'), deps);
      return c.body(null, 204);
    });
}
