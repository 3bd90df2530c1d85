import * as protocols from '@aws-sdk/core/protocols';
import type { TypeRegistry } from '@smithy/core/schema';

/**
 * A JSON protocol of the AWS SDK v3 that writes its bodies with `JSON.stringify` (issue 26 item 5).
 *
 * The clients' default JSON codec (`JsonCodec2`) writes every string one character at a time into a
 * byte buffer, growing it as it goes: a delay notice's 4.5 KB of HTML made it the costliest step of
 * an SES send in the dispatcher's profile. The SDK's own `JsonCodec` writes the same JSON through
 * `JSON.stringify` (what the clients used before `JsonCodec2`); the request is byte for byte the
 * same (test/unit/email/ses-client.test.ts compares both clients' requests). Errors are looked up in
 * the client's own registries, so an SES throttle is still a `TooManyRequestsException`.
 *
 * The Lambdas run on the runtime's own SDK (LAMBDA_BUNDLING leaves `@aws-sdk/*` out): where that
 * SDK has no such protocol class or codec, this answers `undefined` and the client keeps its default.
 */
export function stringifiedRestJson(settings: {
  defaultNamespace: string;
  errorTypeRegistries: TypeRegistry[] | undefined;
}): protocols.AwsRestJsonProtocol | undefined {
  const { AwsRestJsonProtocol, JsonCodec } = protocols as Partial<typeof protocols>;
  if (typeof AwsRestJsonProtocol !== 'function' || typeof JsonCodec !== 'function') return undefined;
  return new AwsRestJsonProtocol({
    defaultNamespace: settings.defaultNamespace,
    ...(settings.errorTypeRegistries ? { errorTypeRegistries: settings.errorTypeRegistries } : {}),
    // restJson1's settings, as AwsRestJsonProtocol gives its own codec: member names from their
    // `jsonName` traits, HTTP bindings honoured, timestamps as epoch seconds (7) unless a trait says.
    jsonCodec: new JsonCodec({
      timestampFormat: { useTrait: true, default: 7 },
      httpBindings: true,
      jsonName: true,
    }),
  });
}
