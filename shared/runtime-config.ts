import { z } from 'zod';

/**
 * What the SPA reads from `/config.json` at start-up. In AWS the CDK web construct writes it next to
 * the built SPA; locally the embedded server answers it from the running emulators.
 */
export const runtimeConfigSchema = z.object({
  stage: z.enum(['local', 'aws']),
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** Only set locally: where the Cognito emulator (behind the local proxy) answers. */
  userPoolEndpoint: z.string().optional(),
  /** SRP in AWS; cognito-local has no SRP, so USER_PASSWORD_AUTH locally. */
  authFlow: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  /** Origin of the API; '' means the SPA's own origin (CloudFront routes /api/* to API Gateway). */
  apiOrigin: z.string(),
  /** Local only: the page where every email sent can be read. */
  mailboxUrl: z.string().optional(),
  /** Optional ID-token cookie sync (spec §7); off when absent. */
  tokenCookieSyncUrl: z.string().optional(),
  tokenCookieMaxAgeSeconds: z.number().int().positive().optional(),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
