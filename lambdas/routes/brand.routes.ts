import { Hono } from 'hono';
import { brandInputSchema, logoUploadSchema } from '../../shared/brand';
import { createLogoUpload, getBrand, putBrand, type BrandDeps } from '../core/brand/brand';
import { callerOf, jsonBody, type AppEnv } from '../http/kit';

/**
 * The account's brand (issue 24 item 4), Enterprise only (403 naming the plan otherwise):
 * `GET /api/account/brand` for every member, `PUT /api/account/brand` and
 * `POST /api/account/brand/logo-upload` (a presigned POST) for the owner and managers.
 */
export function brandRoutes(deps: BrandDeps) {
  return new Hono<AppEnv>()
    .get('/api/account/brand', async (c) => c.json(await getBrand(callerOf(c), deps)))
    .put('/api/account/brand', jsonBody(brandInputSchema), async (c) =>
      c.json(await putBrand(callerOf(c), c.req.valid('json'), deps)),
    )
    .post('/api/account/brand/logo-upload', jsonBody(logoUploadSchema), async (c) =>
      c.json(await createLogoUpload(callerOf(c), c.req.valid('json').contentType, deps)),
    );
}
