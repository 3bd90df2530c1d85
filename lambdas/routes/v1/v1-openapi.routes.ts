import type { OpenAPIHono } from '@hono/zod-openapi';
import { API_KEY_RATE } from '../../../shared/api-keys';
import type { V1Env } from './v1-kit';

export const OPENAPI_PATH = '/v1/openapi.json';

/**
 * `GET /v1/openapi.json`: the OpenAPI 3.1 document of every `/v1` route, generated from the zod
 * schemas that validate them (public: the reference at /docs/api reads it without a key).
 */
export function v1OpenApiRoutes(app: OpenAPIHono<V1Env>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key from /settings/api: `Authorization: Bearer rck_live_…`',
  });
  app.doc31(OPENAPI_PATH, {
    openapi: '3.1.0',
    info: {
      title: 'Raincheck API',
      version: '1',
      description: [
        'Jobsites, workers, crews and clients, each jobsite’s verdicts for the next 7 days, the alert',
        'history and the weather-day ledger of an Enterprise account. Authenticate with an API key',
        '(`Authorization: Bearer rck_live_…`); a `read` key cannot write. Each key may make',
        `${API_KEY_RATE.ratePerSecond} requests a second with bursts of ${API_KEY_RATE.burst} (429 with Retry-After`,
        'beyond). Send an `Idempotency-Key` with every POST: a repeat with the same key and body within 24 h',
        'answers the first result, the same key with another body 409. Errors have one shape:',
        '`{ "error": { "type", "message", "field"? } }`.',
      ].join(' '),
    },
    servers: [{ url: '/' }],
  });
}
