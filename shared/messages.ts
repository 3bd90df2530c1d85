/**
 * Every user-facing message the spec quotes (spec §8, §5), word for word, from one place.
 */
export const MESSAGES = {
  planSelectionFailed: 'Failed to process plan selection. Please try again.',
  checkoutSessionFailed: 'Failed to create checkout session',
  paymentProviderFailedToLoad: 'Failed to load the payment provider. Please refresh the page and try again.',
  checkoutStartFailed: 'Failed to start checkout process',
  loginFailed: 'Invalid email or password. Please try again.',
  resetEmailFailed: 'Failed to send reset email. Please try again.',
  resetEmailSent: 'Password reset email sent! Check your inbox.',
  subscriptionLoadFailed: 'Failed to load subscription details',
  unknownError: 'An unknown error occurred',
  authenticationError: 'Authentication error',
  databaseError: 'Database error',
  permissionDenied: "You don't have permission to perform this action.",
  noAuthenticatedUser: 'No authenticated user',
  notAuthenticated: 'Not authenticated',
  subscriptionNotFound: 'Subscription not found',
  unauthorizedSubscriptionUpdate: 'Unauthorized to update this subscription',
  somethingWentWrong: 'Something went wrong',
  appFailedToLoad:
    'Application Failed to Load. Please refresh the page or contact support if the problem persists.',
  processing: 'Processing...',
} as const;

export type MessageKey = keyof typeof MESSAGES;
