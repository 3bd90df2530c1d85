/**
 * The Lambdas of Raincheck, declared once. Adding a Lambda is one entry here: the API construct creates the
 * function with the shared defaults, grants exactly the listed access, wires its routes to the HTTP API
 * and, when `shared/schedules.ts` names it, the alerts construct schedules it. Each entry names its bundle
 * budget from `shared/budgets.ts` (the one file of budgets); `test/infra/lambda-bundles.test.ts` bundles
 * every entry as the construct does and fails when one grows past it.
 */
import { SUBSCRIPTION_ROUTES } from '../shared/billing-routes';
import { HOLIDAY_ROUTES } from '../shared/holiday-routes';
import { CHECKOUT_ROUTES } from '../shared/checkout-routes';
import { LAMBDA_BUNDLE_BUDGETS, type LambdaBundleBudget } from '../shared/budgets';
import type { FirstUsePackage } from './bundling/lambda-bundling';

/** What a function may touch; each grant is scoped to the one resource (see api.construct.ts). */
export type FunctionAccess =
  /** Read and write items of the table and query its indexes. */
  | 'table'
  /** Read the Stripe secret (JSON with secretKey, webhookSecret, priceIds). */
  | 'stripeSecret'
  /** ssm:GetParameter on the weather API key parameter. */
  | 'weatherApiKey'
  /** ses:SendEmail from the MAIL_FROM identity through the configuration set; ses:GetAccount for the send rate. */
  | 'sendEmail'
  /** sqs:SendMessage to the dispatch queue (jobsite batches). */
  | 'dispatchQueue'
  /** sqs:SendMessage to the webhook queue (delivery jobs: events raised, retries scheduled). */
  | 'webhookQueue'
  /**
   * UNSUBSCRIBE_SECRET in the environment: the key that signs notices' unsubscribe links, and from
   * which the guest-checkout email token and confirmation link keys are derived.
   */
  | 'unsubscribeSecret'
  /**
   * The admin screens' Cognito admin API on the one user pool: list and find users, disable and
   * enable them, and manage the admins group (see USER_POOL_ADMIN_ACTIONS).
   */
  | 'userPoolAdmin'
  /** The live status lookup of every signed-in route (USER_STATUS_ACTIONS): disabled, groups, MFA. */
  | 'userStatus'
  /** Turning a user's authenticator app off after a password reset (USER_MFA_RESET_ACTIONS). */
  | 'userMfaReset'
  /** sms-voice:SendTextMessage from the stack's number through its configuration set (sms.construct.ts). */
  | 'sendSms'
  /** Re-applying the pool's identity providers to the web client after a deploy (CLIENT_PROVIDERS_ACTIONS). */
  | 'clientProviders'
  /** File storage (files.construct.ts): sign uploads into `uploads/`, read them, write checked copies to `files/`. */
  | 'files'
  /** Scheduled reports' documents (files.construct.ts): read and write under `report-documents/` only. */
  | 'reportDocuments';

/** Exactly the Cognito actions `userStatus` grants, on the user pool's ARN only. */
export const USER_STATUS_ACTIONS = [
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminListGroupsForUser',
] as const;

/** Exactly the Cognito actions `userPoolAdmin` grants, on the user pool's ARN only. */
export const USER_POOL_ADMIN_ACTIONS = [
  'cognito-idp:ListUsers',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:ListUsersInGroup',
  // Disabling a user signs them out everywhere (revokes their refresh tokens).
  'cognito-idp:AdminUserGlobalSignOut',
  // Single sign-on (issue 24): an Enterprise owner's provider becomes a user-pool identity provider,
  // added to the web client's supported providers.
  'cognito-idp:CreateIdentityProvider',
  'cognito-idp:UpdateIdentityProvider',
  'cognito-idp:DescribeUserPoolClient',
  'cognito-idp:UpdateUserPoolClient',
  // The client's providers are the pool's (ListIdentityProviders), read back after each write.
  'cognito-idp:ListIdentityProviders',
] as const;

/** Exactly the Cognito actions `clientProviders` grants, on the user pool's ARN only. */
export const CLIENT_PROVIDERS_ACTIONS = [
  'cognito-idp:ListIdentityProviders',
  'cognito-idp:DescribeUserPoolClient',
  'cognito-idp:UpdateUserPoolClient',
] as const;

/** Exactly the Cognito actions `userMfaReset` grants, on the user pool's ARN only. */
export const USER_MFA_RESET_ACTIONS = ['cognito-idp:AdminSetUserMFAPreference'] as const;

/** A user pool trigger an entry serves; the auth construct attaches it to the pool. */
export type UserPoolTrigger = 'postConfirmation' | 'preSignUp' | 'preAuthentication' | 'preTokenGeneration';

export type RouteMethod = 'ANY' | 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface LambdaRoute {
  readonly method: RouteMethod;
  /** API Gateway route path, e.g. `/api/{proxy+}`. Every path starts with /api or /v1 (CloudFront routes both). */
  readonly path: string;
  /** Public routes skip the JWT authorizer; the handler must then authenticate by other means, if any. */
  readonly public?: boolean;
}

export interface LambdaEntry {
  /** Folder under lambdas/ and short name of the function (`dispatch` matches SCHEDULES' entry). */
  readonly name: string;
  /** Entry file, relative to the repository root; it exports `handler`. */
  readonly entry: string;
  readonly routes: readonly LambdaRoute[];
  readonly access: readonly FunctionAccess[];
  /** Size ceilings and modules this bundle must not hold (enforced by test/infra/lambda-bundles.test.ts). */
  readonly budget: LambdaBundleBudget;
  /**
   * The pool invokes this function (no routes). It gets no USER_POOL_ID or APP_ORIGIN: the pool refers to
   * it, so those references would make a cycle; its events name the pool.
   */
  readonly userPoolTriggers?: readonly UserPoolTrigger[];
  /** The HTTP API's Lambda authorizer: guards every route not marked public (api.construct.ts). */
  readonly authorizer?: boolean;
  /**
   * Packages this Lambda requires on first use, each bundled into a file of its own beside its bundle
   * rather than parsed with it at every cold start (FIRST_USE_PACKAGES, issue 26 item 8).
   */
  readonly firstUsePackages?: readonly FirstUsePackage[];
  /** Folders copied beside the bundle (`from` relative to the repository root, `to` inside the bundle). */
  readonly assets?: readonly { readonly from: string; readonly to: string }[];
  /** @default 512 */
  readonly memorySize?: number;
  /** @default 10 */
  readonly timeoutSeconds?: number;
  /**
   * Node flags of this Lambda beside LAMBDA_NODE_OPTIONS (its NODE_OPTIONS), for what its work needs
   * rather than what every Lambda needs; flags only, none that changes what a cold start loads.
   */
  readonly nodeOptions?: string;
}

/**
 * The dispatch worker allocates fast (an SDK request and answer per message, an item per write), and
 * V8's default young generation (16 MB semi-spaces) is scavenged so often that the collector took
 * ~18% of its busy CPU; 64 MB semi-spaces cut the collector by about a third and the workers' CPU by
 * 6–8% (docs/benchmarks.md, "The dispatch worker's young generation"), for ~100 MB more of its
 * 1,024 MB (peak RSS 563 → 666 MB at 10,000 jobsites).
 */
export const DISPATCH_WORKER_NODE_OPTIONS = '--max-semi-space-size=64';

export const LAMBDA_ENTRIES: readonly LambdaEntry[] = [
  {
    // Records and the account: every `/api/*` route the entries below do not claim. No Stripe.
    name: 'api',
    entry: 'lambdas/api/index.ts',
    routes: [
      { method: 'ANY', path: '/api/{proxy+}' },
      { method: 'GET', path: '/api/health', public: true },
      // A notice's unsubscribe link works without signing in: the signed token is the authority.
      { method: 'GET', path: '/api/unsubscribe', public: true },
      { method: 'POST', path: '/api/unsubscribe', public: true },
      // A notice's details link (/n/{token}) opens without signing in: the signed token is the authority.
      { method: 'GET', path: '/api/notices/{token}', public: true },
      // A foreman's confirmation link (crew confirmation): the signed, single-use token is the authority.
      { method: 'GET', path: '/api/confirmations/{token}', public: true },
      { method: 'POST', path: '/api/confirmations/{token}', public: true },
      // The email-first sign-in asks where an address signs in before anyone is signed in.
      { method: 'GET', path: '/api/auth/discover', public: true },
    ],
    // userPoolAdmin: /api/admin/users, /api/admin/admins (each route checks the caller's permission).
    // sendSms: turning a worker's SMS on sends the one-time "Reply YES" text.
    // webhookQueue: jobsite and ledger changes raise webhook events; /api/webhooks queues tests and resends.
    // files: /api/account/brand/logo-upload signs uploads; PUT /api/account/brand checks and adopts them.
    access: [
      'table',
      'weatherApiKey',
      'sendEmail',
      'unsubscribeSecret',
      'userPoolAdmin',
      'sendSms',
      'webhookQueue',
      'files',
    ],
    // Read on the first phone number, SVG logo, workers' CSV, jobsite written or text measured, not
    // parsed with the bundle at every cold start.
    firstUsePackages: [
      'libphonenumber-js/metadata.max.json',
      'fast-xml-parser.on-first-use',
      'papaparse.on-first-use',
      '@photostructure/tz-lookup.on-first-use',
      'sms-segments-calculator.on-first-use',
    ],
    budget: LAMBDA_BUNDLE_BUDGETS.api,
  },
  {
    // The public API (issue 23): public at the gateway (no JWT authorizer), the Lambda checks the API
    // key itself. Its own entry keeps @hono/zod-openapi out of the api bundle.
    // sendSms: a worker created with SMS on gets the one-time "Reply YES" text, as through /api.
    name: 'public-api',
    entry: 'lambdas/public-api/index.ts',
    routes: [{ method: 'ANY', path: '/v1/{proxy+}', public: true }],
    // webhookQueue: jobsites made, changed or deleted through /v1 raise their webhook events.
    access: ['table', 'weatherApiKey', 'sendSms', 'webhookQueue'],
    // Read on the first phone number, workers' CSV, jobsite written or text measured, not parsed with
    // the bundle at every cold start.
    firstUsePackages: [
      'libphonenumber-js/metadata.max.json',
      'papaparse.on-first-use',
      '@photostructure/tz-lookup.on-first-use',
      'sms-segments-calculator.on-first-use',
    ],
    budget: LAMBDA_BUNDLE_BUDGETS['public-api'],
  },
  {
    // The signed-in billing routes (lambdas/routes/subscription.routes.ts): the only `/api/*` routes
    // besides checkout and the webhook that need Stripe, so the api Lambda's bundle holds none of it.
    // API Gateway prefers these exact routes over `/api/{proxy+}`.
    name: 'billing',
    entry: 'lambdas/billing/index.ts',
    routes: SUBSCRIPTION_ROUTES,
    // Account emails (plan change, cancellation, password change) go out from these routes too.
    access: ['table', 'stripeSecret', 'sendEmail', 'userStatus'],
    // The Stripe SDK is parsed by the first request that calls Stripe (a plan change or its preview,
    // cancel, resume, the portal), not at every cold start: the subscription page and the
    // password-change notice never call it.
    firstUsePackages: ['stripe.on-first-use'],
    budget: LAMBDA_BUNDLE_BUDGETS.billing,
  },
  {
    // The account's holiday calendar (lambdas/routes/holidays.routes.ts): the only routes that compute
    // holidays, so date-holidays (over a megabyte of data) stays out of the api and dispatch bundles.
    name: 'holidays',
    entry: 'lambdas/holidays/index.ts',
    routes: HOLIDAY_ROUTES,
    access: ['table', 'userStatus'],
    // Loaded on the first holiday lookup, not parsed with the bundle at every cold start.
    firstUsePackages: ['date-holidays'],
    budget: LAMBDA_BUNDLE_BUDGETS.holidays,
  },
  {
    // Custom reports (issue 25): definitions, preview, the PDF (pdfkit, DejaVu Sans embedded) and the
    // CSV bundle (fflate). Its own Lambda: pdfkit stays out of the api bundle, and a long report gets
    // the memory and time it needs (a 400-day, 100-jobsite PDF is thousands of table rows).
    name: 'reports',
    entry: 'lambdas/reports/index.ts',
    routes: [
      { method: 'ANY', path: '/api/reports' },
      { method: 'ANY', path: '/api/reports/{proxy+}' },
      // A scheduled report's download link (PDF above 7 MB): the signed token is the authority.
      { method: 'GET', path: '/api/reports/documents/{token}', public: true },
    ],
    // The hourly schedule (shared/schedules.ts) emails each report's PDF (sendEmail), keeps it
    // (reportDocuments) and signs download links with a key derived from the link secret.
    access: ['table', 'userStatus', 'sendEmail', 'reportDocuments', 'unsubscribeSecret'],
    // 1.5 GB gives pdfkit a full vCPU; 29 s is all API Gateway waits for an answer anyway.
    memorySize: 1536,
    timeoutSeconds: 29,
    // pdfkit reads the fonts from disk: they ship beside the bundle (RaincheckFunction copies them).
    assets: [{ from: 'lambdas/adapters/pdf/fonts', to: 'fonts' }],
    // Loaded on the first PDF and the first CSV bundle, not parsed with the bundle at every cold start.
    firstUsePackages: ['pdfkit', 'fflate'],
    budget: LAMBDA_BUNDLE_BUDGETS.reports,
  },
  {
    // The planner (EventBridge, every 15 minutes): records the run and queues its batches.
    name: 'dispatch',
    entry: 'lambdas/dispatch/index.ts',
    routes: [],
    // webhookQueue: admin runs' batches send in process and raise notice events.
    access: [
      'table',
      'weatherApiKey',
      'sendEmail',
      'dispatchQueue',
      'unsubscribeSecret',
      'sendSms',
      'webhookQueue',
    ],
    memorySize: 1024,
    timeoutSeconds: 120,
    // Our own counter measures texts (shared/sms-segments.ts); the library only a rare UCS-2 text.
    firstUsePackages: ['sms-segments-calculator.on-first-use'],
    budget: LAMBDA_BUNDLE_BUDGETS.dispatch,
  },
  {
    // The worker: one batch per SQS message (the alerts construct wires the queue as its event source).
    // Its timeout stays well under the queue's 15-minute visibility timeout (AWS advises 6x).
    name: 'dispatch-worker',
    entry: 'lambdas/dispatch-worker/index.ts',
    routes: [],
    // webhookQueue: each sent notice raises notice.sent / update.sent / all_clear.sent.
    access: ['table', 'weatherApiKey', 'sendEmail', 'unsubscribeSecret', 'sendSms', 'webhookQueue'],
    memorySize: 1024,
    timeoutSeconds: 150,
    nodeOptions: DISPATCH_WORKER_NODE_OPTIONS,
    // As the planner: the library measures only a rare UCS-2 text.
    firstUsePackages: ['sms-segments-calculator.on-first-use'],
    budget: LAMBDA_BUNDLE_BUDGETS['dispatch-worker'],
  },
  {
    name: 'checkout',
    entry: 'lambdas/checkout/index.ts',
    routes: CHECKOUT_ROUTES,
    // unsubscribeSecret: the guest-email token key is derived from it (domain-separated HMAC).
    access: ['table', 'stripeSecret', 'unsubscribeSecret', 'userStatus'],
    // The Stripe SDK is parsed by the first request that calls Stripe (a checkout, a guest session id
    // traded for its token), not at every cold start: reading a guest email token never calls it.
    firstUsePackages: ['stripe.on-first-use'],
    budget: LAMBDA_BUNDLE_BUDGETS.checkout,
  },
  {
    name: 'stripe-webhook',
    entry: 'lambdas/stripe-webhook/index.ts',
    // Public: Stripe cannot send a JWT; the handler verifies Stripe's signature on the raw body.
    routes: [{ method: 'POST', path: '/api/stripe/webhook', public: true }],
    // Account emails (purchase, plan change, cancellation, failed payment) are sent after the commit.
    access: ['table', 'stripeSecret', 'sendEmail'],
    // The Stripe SDK stays in the bundle (not 'stripe.on-first-use'): every request verifies its
    // signature with it, so the first request of every container would require it anyway, and apart
    // it would be parsed and compiled as a second file, not less.
    budget: LAMBDA_BUNDLE_BUDGETS['stripe-webhook'],
  },
  {
    // SES bounce and complaint events, delivered by the configuration set's SNS topic (alerts
    // construct): marks the worker records of that address bounced or unsubscribed.
    name: 'email-events',
    entry: 'lambdas/email-events/index.ts',
    routes: [],
    access: ['table'],
    budget: LAMBDA_BUNDLE_BUDGETS['email-events'],
  },
  {
    // Cognito's post-confirmation trigger: a confirmed sign-up's account record at once, and a completed
    // password reset turns the user's authenticator app off (recovery by email).
    name: 'post-confirmation',
    entry: 'lambdas/post-confirmation/index.ts',
    routes: [],
    userPoolTriggers: ['postConfirmation'],
    access: ['table', 'userMfaReset'],
    budget: LAMBDA_BUNDLE_BUDGETS['post-confirmation'],
  },
  {
    // Single sign-on's rules in Cognito (issue 24, ADR 0011): a provider's answer becomes a user only
    // when admitted (pre sign-up), a password sign-in of an SSO address is refused but the owner's
    // break-glass (pre authentication), and a federated user's tokens are issued only while admitted,
    // the first time with the membership (pre token generation). No Cognito access: the events say all.
    name: 'sso-triggers',
    entry: 'lambdas/sso-triggers/index.ts',
    routes: [],
    userPoolTriggers: ['preSignUp', 'preAuthentication', 'preTokenGeneration'],
    // table: the SSO connection and domain claims read, the first sign-in's membership written.
    access: ['table'],
    memorySize: 256,
    timeoutSeconds: 5,
    budget: LAMBDA_BUNDLE_BUDGETS['sso-triggers'],
  },
  {
    // End User Messaging SMS replies (YES, STOP, START, HELP, 1, 2) and delivery events, delivered by
    // the SMS construct's SNS topic: consent records, HELP answers and the send history's status.
    name: 'sms-events',
    entry: 'lambdas/sms-events/index.ts',
    routes: [],
    // webhookQueue: a foreman's answer by text raises `confirmation.received` (issue 23).
    access: ['table', 'sendSms', 'webhookQueue'],
    // A HELP answer is measured by our own counter; the library only a rare UCS-2 text.
    firstUsePackages: ['sms-segments-calculator.on-first-use'],
    budget: LAMBDA_BUNDLE_BUDGETS['sms-events'],
  },
  {
    // The HTTP API's Lambda authorizer (every route not public): a Cognito ID token or a live support
    // session token (issue 22 §7). It replaced the JWT authorizer, which refuses any other bearer.
    name: 'authorizer',
    entry: 'lambdas/authorizer/index.ts',
    routes: [],
    authorizer: true,
    // table: a support token's session and its account's grant (read only in practice).
    access: ['table'],
    memorySize: 256,
    timeoutSeconds: 5,
    budget: LAMBDA_BUNDLE_BUDGETS.authorizer,
  },
  {
    // Webhook deliveries (issue 23 §6): one attempt per SQS message, retries as new delayed messages.
    // The only Lambda that makes requests to customers' URLs (request-filtering-agent, 10 s timeout).
    name: 'webhook-delivery',
    entry: 'lambdas/webhook-delivery/index.ts',
    routes: [],
    // sendEmail: the owner is emailed when an endpoint is disabled after 24 h of failures.
    access: ['table', 'sendEmail', 'webhookQueue'],
    timeoutSeconds: 30,
    budget: LAMBDA_BUNDLE_BUDGETS['webhook-delivery'],
  },
  {
    // A deploy's custom resource (auth.construct.ts keepClientProviders), run once CloudFormation has
    // updated the web client, which resets its SupportedIdentityProviders to COGNITO: it puts back
    // every identity provider of the pool (ADR 0011). No routes; CloudFormation invokes it.
    name: 'sso-client-providers',
    entry: 'lambdas/sso-client-providers/index.ts',
    routes: [],
    access: ['clientProviders'],
    memorySize: 256,
    timeoutSeconds: 60,
    budget: LAMBDA_BUNDLE_BUDGETS['sso-client-providers'],
  },
  // Later issues, one entry each (with its budget in shared/budgets.ts), e.g.:
  // { name: 'admin', entry: 'lambdas/admin/index.ts', routes: [{ method: 'ANY', path: '/api/admin/{proxy+}' }], access: ['table', 'sendEmail', 'weatherApiKey'], budget: LAMBDA_BUNDLE_BUDGETS.admin },
];
