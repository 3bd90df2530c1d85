import type tzLookupType from '@photostructure/tz-lookup';
import { requiredOnFirstUse } from '../required-on-first-use';

/**
 * `@photostructure/tz-lookup` in a Lambda that bundles it apart (FIRST_USE_IMPORTS in
 * infra/bundling/lambda-bundling.ts): its 72 KB of boundary data are parsed by the first jobsite
 * written, not at every cold start.
 */
const tzLookup = requiredOnFirstUse<typeof tzLookupType>(
  '@photostructure/tz-lookup',
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first use (above)
  () => require('@photostructure/tz-lookup.on-first-use'),
);

/** The package's default export: the IANA timezone at a latitude and longitude. */
export default function timezoneAtPoint(latitude: number, longitude: number): string {
  return tzLookup()(latitude, longitude);
}
