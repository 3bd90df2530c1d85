import * as z from 'zod/mini';
import { objectOnFirstUse } from './object-on-first-use';

/**
 * What the SPA reads from `/config.json` at start-up. In AWS the CDK web construct writes it next to
 * the built SPA; locally the embedded server answers it from the running emulators.
 * This schema is the declaration (infra tests check the deployed file with it); the SPA checks the file
 * with the hand-written, equivalent runtime-config-parse.ts, which keeps zod out of its first load.
 */
export const runtimeConfigSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  stage: z.enum(['local', 'aws']),
  region: z.string().check(z.minLength(1)),
  userPoolId: z.string().check(z.minLength(1)),
  userPoolClientId: z.string().check(z.minLength(1)),
  /** Only set locally: where the Cognito emulator (behind the local proxy) answers. */
  userPoolEndpoint: z.optional(z.string()),
  /** SRP in AWS; cognito-local has no SRP, so USER_PASSWORD_AUTH locally. */
  authFlow: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  /** Origin of the API; '' means the SPA's own origin (CloudFront routes /api/* to API Gateway). */
  apiOrigin: z.string(),
  /** Local only: the page where every email sent can be read. */
  mailboxUrl: z.optional(z.string()),
  /** Optional ID-token cookie sync (spec §7); off when absent. */
  tokenCookieSyncUrl: z.optional(z.string()),
  tokenCookieMaxAgeSeconds: z.optional(z.number().check(z.int(), z.positive())),
  /**
   * AWS only: the basemap's MapLibre style (Amazon Location's, with its referer-restricted API key);
   * `{colorScheme}` in it becomes `Light` or `Dark`. Absent: the bundled offline outlines.
   */
  mapStyleUrl: z.optional(z.string().check(z.minLength(1))),
}));

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
