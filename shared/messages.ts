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

/**
 * Messages beyond the spec's catalogue where issue 13 changed what the product says: the reset
 * request sends a code (not a link), and never tells whether an account exists.
 */
export const ACCOUNT_MESSAGES = {
  resetCodeSent: 'If an account exists for that email, we sent a code. Check your inbox.',
  resetRequestIntro:
    "Enter your account's email. If there is an account, we'll email it a link and a code to set a new password.",
  /** Spec §2: the reset form's button (issue 18 item 16: the email carries a link that fills the code). */
  sendResetLink: 'Send Reset Link',
  /** Sign-up with an address that has an account (issue 19 item 9); Cognito tells it on sign-up. */
  accountExists: 'An account with this email already exists.',
  /** Cognito's LimitExceededException: too many wrong passwords, resets or new codes for one address. */
  tooManyAttempts: 'Too many attempts for this email. Wait a few minutes and try again.',
  currentPasswordWrong: 'The current password is not correct.',
  passwordChangeFailed: 'Your password could not be changed just now. Try again.',
  profileLoadFailed: 'Your profile could not be loaded just now.',
  profileSaveFailed: 'Your profile could not be saved just now. Try again.',
  quietHoursSaveFailed: 'Your quiet hours could not be saved just now. Try again.',
  /** A profile save that lost every retry to other saves at the same moment (409). */
  profileChanged: 'Your profile changed while you were saving: reload it and try again',
  /** Longer than any deliverable address (RFC 5321's 254 characters). */
  emailTooLong: 'Email is too long',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Ids inside a body that no record can have (the SPA only sends ids the API gave it). */
export const ID_MESSAGES = {
  jobsiteIdInvalid: 'Not a valid jobsite id',
  clientIdInvalid: 'Not a valid client id',
} as const;

/** Billing messages beyond the spec's catalogue (re-exported by shared/billing.ts). */
export const BILLING_MESSAGES = {
  planInvalid: 'Plan must be "basic", "premium" or "enterprise"',
  billingCycleInvalid: 'Billing cycle must be "monthly" or "annual"',
  emailInvalid: 'Email must be a valid email address',
  userIdRequired: 'userId is required',
  userIdMismatch: 'userId does not match the signed-in account',
  subscriptionIdRequired: 'subscriptionId is required',
  alreadySubscribed:
    'This account already has an active subscription. Change your plan from the subscription page instead.',
  noBillingAccount: 'No billing account yet. Choose a plan first.',
  paymentProviderUnavailable: 'The payment provider is unavailable. Please try again in a moment.',
  samePlan: 'The subscription is already on this plan and billing cycle',
  subscriptionInactive: 'This subscription is no longer active. Choose a plan to start a new one.',
  cancellingNoChange: 'This subscription is set to cancel. Resume it before changing the plan.',
  alreadyCancelling: 'This subscription is already set to cancel at the end of the period.',
  notCancelling: 'This subscription is not set to cancel.',
  guestSessionUnpaid: 'This checkout is not paid yet, or it was not a guest checkout.',
  guestSessionUnknown: 'This checkout could not be found.',
  guestEmailTokenInvalid: 'This link has expired or is not valid. Enter the email you paid with.',
} as const;

/** Analytics messages (issue 11): the advanced part names the plans that include it. */
export const ANALYTICS_MESSAGES = {
  advancedNotInPlan: (planName: string | null) =>
    `Per-client analytics and the cost of delay come with the Premium and Enterprise plans. ${
      planName ? `Your ${planName} plan does not include them.` : 'Your account has no plan.'
    }`,
  exportFailed: 'Your data could not be exported just now. Try again.',
} as const;
