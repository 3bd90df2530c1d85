import type { AttributeType } from '@aws-sdk/client-cognito-identity-provider';
import {
  createPostConfirmationHandler,
  type PostConfirmationTriggerEvent,
} from '../lambdas/post-confirmation/app';
import { DynamoAccountCreator } from '../lambdas/adapters/dynamo/account-creator.repo';
import type { CompositionRoot } from '../lambdas/composition-root';
import type { CognitoMfa } from './cognito-mfa';

export type { PostConfirmationTriggerEvent };
export type PostConfirmationTrigger = PostConfirmationTriggerEvent['triggerSource'];

/**
 * The event Cognito hands its post-confirmation trigger, from the confirmed user as the pool holds it
 * (AdminGetUser's attributes, email_verified included once the proxy has set it).
 */
export function postConfirmationEvent(input: {
  triggerSource: PostConfirmationTrigger;
  userPoolId: string;
  clientId: string;
  username: string;
  attributes: readonly AttributeType[];
}): PostConfirmationTriggerEvent {
  const userAttributes: Record<string, string> = {};
  for (const { Name, Value } of input.attributes)
    if (Name && Value !== undefined) userAttributes[Name] = Value;
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: input.userPoolId,
    userName: input.username,
    triggerSource: input.triggerSource,
    callerContext: { awsSdkVersion: 'raincheck-local', clientId: input.clientId },
    request: { userAttributes },
    response: {},
  };
}

/**
 * Cognito's post-confirmation trigger for the local stack, which cognito-local cannot call: the same
 * handler as the Lambda (lambdas/post-confirmation/app.ts), over the stack's table, and the proxy's own
 * TOTP state for the password-reset case. The proxy runs it after a confirmed sign-up.
 */
export function localPostConfirmation(
  root: Pick<CompositionRoot, 'db' | 'clock'>,
  mfa: Pick<CognitoMfa, 'forgetTotp'>,
): (event: PostConfirmationTriggerEvent) => Promise<void> {
  const handler = createPostConfirmationHandler({
    accounts: new DynamoAccountCreator(root.db),
    clock: root.clock,
    authenticators: { turnOffTotp: async ({ username }) => mfa.forgetTotp(username) },
    // The local stack prints readable lines of its own; the record is in the table.
    log: () => {},
  });
  return async (event) => {
    await handler(event);
  };
}
