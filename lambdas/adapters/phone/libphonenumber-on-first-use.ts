import {
  isValidPhoneNumber as isValidWithMetadata,
  parsePhoneNumberFromString as parseWithMetadata,
  type MetadataJson,
} from 'libphonenumber-js/core';
import type * as Max from 'libphonenumber-js/max';
import { requiredOnFirstUse } from '../required-on-first-use';

/**
 * What the Lambdas use of libphonenumber-js, with its full metadata (191 KB of object literal,
 * ~7 ms to create and more to compile when it sits at the top of the bundle, issue 26 item 8) read
 * on the first phone number instead of at module load. Lambda bundles resolve `libphonenumber-js/min`
 * and `/max` here (infra/bundling/lambda-bundling.ts); the SPA and the tests use the package itself.
 * The api and the public API do not even bundle the metadata: it is copied beside the bundle as JSON
 * and found there by this `require` (FIRST_USE_PACKAGES).
 */
const fullMetadata = requiredOnFirstUse<MetadataJson>(
  'libphonenumber-js/metadata.max.json',
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first use (above)
  () => require('libphonenumber-js/metadata.max.json'),
);

/** `libphonenumber-js/max`'s `parsePhoneNumberFromString`: the same arguments, then the metadata. */
export const parsePhoneNumberFromString = ((...args: unknown[]) =>
  (parseWithMetadata as (...a: unknown[]) => unknown)(
    ...args,
    fullMetadata(),
  )) as typeof Max.parsePhoneNumberFromString;

/** `libphonenumber-js/max`'s `isValidPhoneNumber`: the same arguments, then the metadata. */
export const isValidPhoneNumber = ((...args: unknown[]) =>
  (isValidWithMetadata as (...a: unknown[]) => unknown)(
    ...args,
    fullMetadata(),
  )) as typeof Max.isValidPhoneNumber;
