/**
 * Every performance budget of Raincheck, in one place (issue 12). The infra test
 * (`test/infra/lambda-bundles.test.ts`) fails when a Lambda bundle grows past its budget; the benches
 * (`npm run bench`: `bench/lambda-bundles.ts`, `bench/landing-bundle-size.ts`) report against the same
 * numbers. Raise a budget only with a reason in the commit and a new row in docs/benchmarks.md.
 *
 * Sizes are bytes. A Lambda bundle is the `index.js` esbuild writes for it exactly as the CDK construct
 * bundles it (minified, CommonJS, `@aws-sdk/*` and `@smithy/*` left to the runtime), the source map
 * aside; gzip is level 9 of the same bytes.
 */

const KB = 1024;
// Issue 25's reports Lambda, measured 2026-11-27 (see the reports entry).
// Report schedules (the attachment mailer, the document store's S3 calls, the schedule routes) and the
// merged records and team code: 1474.8/399.4 KB measured after all of the 2026-11-27 midday merges;
// 515.9/152.8 KB once pdfkit (928.7 KB) and fflate (32.3 KB) were bundled apart and loaded on first use
// (FIRST_USE_PACKAGES, issue 26 item 8): the budget guards what every cold start parses.
// 447.4/133.1 KB once the dispatch store's run-record caps stopped pulling in the dispatch (2026-11-27
// evening merge), budget ~3% over.
const REPORTS_MAX_KB = 444;
const REPORTS_MAX_GZIP_KB = 132;

export interface LambdaBundleBudget {
  /** Ceiling for the minified bundle: what Node reads, parses and compiles at every cold start. */
  readonly maxBytes: number;
  /** Ceiling for the same bytes gzipped: close to what the deployment package weighs. */
  readonly maxGzipBytes: number;
  /**
   * Module paths (matched against esbuild's metafile inputs) this Lambda must not bundle: what its
   * routes never use. Every Lambda also leaves out zod's locales but English and jsonschema (LAMBDA_BUNDLE_EXCLUDES).
   */
  readonly excludes: readonly RegExp[];
}

const STRIPE = /node_modules\/stripe\//;
const TZ_LOOKUP = /node_modules\/@photostructure\/tz-lookup\//;
const PAPAPARSE = /node_modules\/papaparse\//;
const HONO = /node_modules\/hono\//;
/** Bundled apart in every Lambda that sends texts, required on a rare UCS-2 text (FIRST_USE_IMPORTS). */
const SMS_SEGMENTS_LIBRARY = /node_modules\/(sms-segments-calculator|grapheme-splitter)\//;
/** Bundled apart in the api and the public API, required on first use (FIRST_USE_IMPORTS). */
const FIRST_USE_BY_NAME = [TZ_LOOKUP, PAPAPARSE, /node_modules\/fast-xml-parser\//, SMS_SEGMENTS_LIBRARY];
/**
 * zod, any of it: schemas shared with the SPA need it; the configuration (lambdas/config.ts) and the
 * Stripe secret are read without it (seventh round). A Lambda that parses with no shared schema leaves
 * it out: each module-level schema is built on first use by a call marked pure, which esbuild drops when
 * nothing reads the schema (test/unit/shared/first-use-calls-pure.test.ts; issue 26 item 8, sixth round,
 * when this excluded zod's classic API only: zod/mini was the config's).
 */
const ZOD = /node_modules\/zod\//;

/**
 * Left out of every Lambda: zod's 60+ locales (English stays, it words every message), jsonschema and
 * ElectroDB's Service (issue 26 item 8).
 */
export const LAMBDA_BUNDLE_EXCLUDES: readonly RegExp[] = [
  // Their index only names them: the Stripe secret takes English by it, and esbuild drops the rest.
  /node_modules\/zod\/v4\/locales\/(?!(en|index)\.js$)/,
  // ElectroDB's model check: our models are checked in a test (lambdas/adapters/jsonschema/).
  /node_modules\/jsonschema\//,
  // ElectroDB's Service and the entry that requires it: Raincheck builds none (lambdas/adapters/electrodb/).
  /node_modules\/electrodb\/(index|src\/service)\.js$/,
];

/**
 * Per Lambda, by entry name (infra/lambda-entries.ts). The ceilings sit ~5% above the sizes measured
 * when they were set (docs/benchmarks.md, "Lambda bundles"), so any real growth fails the test. What
 * the bytes are: ElectroDB ~172 KB (without its jsonschema and Service), the Stripe SDK ~244 KB (164 KB
 * of it resources Raincheck never calls), zod's classic API ~90 KB; Raincheck's own code is under 50 KB
 * in each but the api's. Issue 26 item 8, fifth round (branch initratio): jsonschema and ElectroDB's
 * Service left out of every table Lambda (LAMBDA_BUNDLE_EXCLUDES, −47 KB each), the dispatch's two
 * Lambdas on the messaging root (−26 KB more): every budget but sso-client-providers' lowered to ~3%
 * over what it measured (docs/benchmarks.md, "Lambda init, fifth round"). Sixth round (initratio2):
 * module-level schemas marked pure, so dispatch, dispatch-worker, sms-events and webhook-delivery leave
 * zod's classic API out, and stripe-webhook too (its secret read with zod/mini): those five and reports,
 * billing, checkout and holidays lowered to ~3% over what they measured ("Lambda init, sixth round").
 * Seventh round (cfg): the config and the Stripe secret read without zod, so ten Lambdas bundle no zod at
 * all (`ZOD`); those and billing and checkout lowered to ~3% over what they measured ("Lambda init,
 * seventh round"). Ninth round (stripe): billing and checkout bundle the Stripe SDK apart (`STRIPE`
 * excluded), required by their first request that calls Stripe; both lowered to ~3% over what they
 * measured ("Lambda init, ninth round"). stripe-webhook keeps it: every request of it verifies a signature.
 */
export const LAMBDA_BUNDLE_BUDGETS = {
  /** Records and the account (`/api/*` but billing): ElectroDB, zod, Hono, tz-lookup, papaparse. */
  // Raised from 555/165 KB when the api Lambda took on the weather screen, the admin run-now and
  // evaluate routes, email templates and unsubscribe (the rule engine, renderer, weather adapters).
  // 654/202 KB measured after issue 10's fan-out and quiet hours and issue 11's admin and analytics
  // routes, with zod imported as a namespace (−45 KB); budget about 3% over.
  // +6/+3 KB for issue 20's notice details route, link signer and contractor facts (678/209.6 measured).
  // +6 KB raw / +2 KB gzip (issue 20): the holiday calendar's reader and the default US holidays
  // table, so the weather screen and the ledger know holidays without bundling date-holidays.
  // Issue 21: +236 KB for phone numbers checked with libphonenumber-js's full metadata (191 KB, as the
  // issue asks of the server) and SMS segment counting (37 KB): 911/273 KB measured, budget ~3% over.
  // Crew confirmation (issue 21 §5–6: public answer routes, requests entity, link signer) added 12/4 KB.
  // Issue 20: +2 KB gzip for the street-address lookup (Places adapter, routes; the SDK stays external).
  // Merged issues 21–23 measured together (2026-11-25): 992.1/298.6 KB: teams (membership, roles,
  // audit), support, API-key management and webhook routes each measured alone within 966/291.
  // Issue 26 (fast starts, lazy route groups) should bring this back down.
  // Issue 24 (white-labelling, file storage): +74/+25 KB for the S3 client, the presigned POST signer,
  // the SVG allowlist check (fast-xml-parser) and the brand routes: 1066.4/324.0 KB measured, ~3% over.
  // Issues 22–26 merged together (2026-11-27: SSO settings and discover, brand, reports links, the
  // dispatch's batched reads and NWS snapshot): 1095.5/336.4 KB measured.
  // Issue 26 item 8 (branch faststart): libphonenumber-js's full metadata (153 KB of JSON) is copied
  // beside the bundle and read on the first phone number (FIRST_USE_PACKAGES): 962.3/303.5 KB measured
  // (the stack-trace mapper of ADR 0014 included), budget ~3% over.
  // Issue 26 item 8, fourth round (branch initround): fast-xml-parser, papaparse, tz-lookup and
  // sms-segments-calculator bundled apart and required on first use (FIRST_USE_IMPORTS): 776.2/234.5 KB
  // measured, budget ~3% over.
  // Branch crewrace (a crew's members counted; the workers import's transactions in their own module):
  // 756.5/233.0 KB on main before it, 760.7/234.4 KB after.
  // Merged with branch apiinit (rarely used route groups registered on their first request, +1.2 KB)
  // and cfg (the configuration without zod/mini; the api keeps zod classic): 762.5/235.0 KB measured
  // (2026-11-28), budget ~3% over.
  api: { maxBytes: 786 * KB, maxGzipBytes: 242 * KB, excludes: [STRIPE, ...FIRST_USE_BY_NAME] },
  /** Subscription read, plan change, portal: ElectroDB, zod, Hono; the Stripe SDK beside the bundle. */
  // Lowered from 695/156 KB with zod imported as a namespace (622–627 KB / 138–139 KB measured).
  // Main measured 645.6 KB before issue 22; support (the Lambda authorizer's claims, the plan
  // table's first-response hours) adds 0.1 KB and every billing request resolving the caller's team
  // membership ~3.5 KB (649/145 KB measured on the teams branch).
  // Merged issues 21–23 measured together (2026-11-25): 649.6/146.0 KB.
  // All of the 2026-11-27 midday merges (issues 19, 22, 24–26): 652.9/148.1 KB measured.
  // Seventh round (cfg), the config and the Stripe secret without zod/mini: 607.3/137.0 KB measured.
  // Ninth round (branch stripe): the Stripe SDK bundled apart, required by the first request that calls
  // Stripe (241.1 KB beside the bundle, FIRST_USE_IMPORTS): 366.0/104.5 KB measured, budget ~3% over.
  billing: { maxBytes: 377 * KB, maxGzipBytes: 108 * KB, excludes: [STRIPE, TZ_LOOKUP, PAPAPARSE] },
  // Issue 22: checkout resolves the caller's team membership too; 645.2/144.5 KB measured merged.
  // Main measured 646.2/145.97 KB (2026-11-27); issue 19's shared helpers (pickFields in the profile
  // item, ContainerCache in the user status cache) add 0.1 KB gzip: 646.3/146.1 KB measured.
  // Issue 26 item 8: 646.5/146.1 KB measured (main 646.2/146.0): schemas built on first use.
  // Issue 25 §6 (report schedules): every bundle holds the two new entity factories; 647.0/146.2 KB.
  // Issue 26 (branch scale): the account repository's batched reads, 646.7/146.1 KB measured.
  // Issue 22's names (a member's own profile name, the jobsite's "changed by"): 646.4/146.0 KB measured.
  // Issue 26 item 9 (branch large): the records' name index and batched reads, 646.5/146.1 KB measured.
  // All of the 2026-11-27 midday merges measured together: 648.6/146.7 KB.
  // Seventh round (cfg), as billing: 598.3/134.4 KB measured.
  // Ninth round (branch stripe), the Stripe SDK apart as billing's: 357.0/101.9 KB measured.
  checkout: { maxBytes: 368 * KB, maxGzipBytes: 105 * KB, excludes: [STRIPE, TZ_LOOKUP, PAPAPARSE] },
  // All of the 2026-11-27 midday merges measured together: 639.8/144.1 KB.
  /** Stripe's events: its Secrets Manager JSON is checked by hand (as the config), so no zod at all. */
  'stripe-webhook': {
    // Sixth round (initratio2): 529.1/114.1 KB measured, budget ~3% over.
    // Seventh round (cfg), no zod: 504.2/106.6 KB measured.
    maxBytes: 520 * KB,
    maxGzipBytes: 110 * KB,
    excludes: [ZOD, TZ_LOOKUP, PAPAPARSE],
  },
  /** Scheduled, no HTTP: ElectroDB, the engine, weather adapters and the email renderer. */
  // Raised from 270/71 KB when the dispatch began to judge and send (issue 10): the rule engine, the
  // weather adapters, the email renderer and its template module, which pulls zod's classic API.
  // Powertools (logger, metrics) came with the fan-out (issue 10), zod as a namespace took 45 KB off:
  // 469/133 KB measured, budget about 3% over.
  // +5/+3 KB for issue 20's details-link signer and contractor facts in every notice (485.4/138.7 measured).
  // +7 KB raw / +2.5 KB gzip (issue 20): stored holidays, the default US holidays table, night shifts.
  // Issue 21: +41 KB for texting notices (sms-segments-calculator and its grapheme splitter, 37 KB):
  // 526/153 KB measured, budget ~3% over.
  // Crew confirmation (issue 21 §5–6: the foreman's request, the escalation sweep and email) added 8/4 KB.
  // Issue 20: +1 KB gzip: the one config module every Lambda validates names the address-lookup settings.
  // Issue 23: +2 KB for raising webhook events after each send (publisher, store, queue; 561.6 KB measured).
  dispatch: {
    // Merged issues 21–23 measured together (2026-11-25): 574.8/167.6 KB (webhook publisher, short codes, link signer).
    // Issue 25: observed weather after each run (NCEI and Open-Meteo archive adapters, ISD parsing, the
    // verdict): 586.5/171.8 KB measured, budget ~3% over.
    // Issues 24–26 merged (brand lookup on notices, NWS snapshot and zones cache, shared send rate,
    // batched decision reads): 600.8/178.4 KB measured (2026-11-27).
    // Issue 26, batched sends (claim coalescer, write buffer) and the first-stack-trace source mapper:
    // 618.7/184.9 KB measured (2026-11-27 afternoon).
    // Evening merge (deletes, initratio, msgwrites, judgecpu) with sms-segments-calculator bundled apart:
    // 530.3/159.8 KB measured, budget ~3% over.
    // Sixth round (initratio2), no zod classic (the schemas it never parses shaken out): 446.9/135.9 KB.
    // Seventh round (cfg), no zod at all: 434.2/132.6 KB measured.
    maxBytes: 448 * KB,
    maxGzipBytes: 137 * KB,
    excludes: [STRIPE, HONO, ZOD, TZ_LOOKUP, PAPAPARSE, SMS_SEGMENTS_LIBRARY],
  },
  /** The dispatch queue's consumer: the dispatch's modules and Powertools (logger, metrics, batch). */
  // +5/+3 KB, as the dispatch (issue 20; 487.5/138.6 measured).
  // +7 KB raw / +2.5 KB gzip (issue 20): as the dispatch.
  // Issue 21: as the dispatch (texting notices), 528/152 KB measured.
  // Crew confirmation's foreman request and answer buttons ride in the worker too (issue 21): +8/3 KB.
  'dispatch-worker': {
    // Merged issues 21–23 measured together (2026-11-25): 574.4/166.9 KB, as the dispatch.
    // Issue 25: observed weather collected after each batch, as the dispatch: 586.1/171.0 KB measured.
    // Issues 24–26 merged, as the dispatch: 600.4/177.5 KB measured (2026-11-27).
    // Batched sends and the source mapper, as the dispatch: 618.4/184.1 KB measured.
    // Evening merge, as the dispatch: 529.8/159.2 KB measured.
    // Sixth round (initratio2), as the dispatch: 446.4/135.3 KB measured.
    // Seventh round (cfg), as the dispatch: 433.4/131.8 KB measured.
    maxBytes: 447 * KB,
    maxGzipBytes: 136 * KB,
    excludes: [STRIPE, HONO, ZOD, TZ_LOOKUP, PAPAPARSE, SMS_SEGMENTS_LIBRARY],
  },
  /** Webhook deliveries: ElectroDB, the SQS and SES adapters, request-filtering-agent, Powertools batch. */
  // Issue 23: 401.4/108.8 KB measured, budget ~3% over. Sixth round (initratio2), no zod classic: 289.9/80.5.
  // Seventh round (cfg), no zod at all: 269.9/74.5 KB measured.
  'webhook-delivery': {
    maxBytes: 278 * KB,
    maxGzipBytes: 77 * KB,
    excludes: [STRIPE, HONO, ZOD, TZ_LOOKUP, PAPAPARSE],
  },
  /**
   * The holiday calendar routes: ElectroDB, zod, Hono; date-holidays with every country's rules and its
   * parser's moment-timezone data (1,451.7 KB) is bundled apart and loaded on the first lookup
   * (FIRST_USE_PACKAGES, issue 26 item 8): 1,846.7 → 393.3 KB raw, 342.4 → 110.0 KB gzip, budget ~3%
   * over. Kept in its own Lambda so the api and dispatch bundles stay at their budgets: they read the
   * dates stored with each calendar.
   */
  holidays: { maxBytes: 357 * KB, maxGzipBytes: 101 * KB, excludes: [STRIPE, TZ_LOOKUP, PAPAPARSE] },
  /**
   * Custom reports (issue 25): the ledger's code, ElectroDB, zod, Hono; pdfkit (CommonJS build, fontkit;
   * the fonts are read from the files shipped beside the bundle) and fflate bundled apart, beside it
   * (FIRST_USE_PACKAGES). Budget ~3% over.
   */
  reports: {
    maxBytes: REPORTS_MAX_KB * KB,
    maxGzipBytes: REPORTS_MAX_GZIP_KB * KB,
    excludes: [STRIPE, TZ_LOOKUP, PAPAPARSE],
  },
  /** SES bounce and complaint events: ElectroDB and the config only (no zod since the seventh round). */
  'email-events': {
    // Raised from 270 KB: the entities joined the one Service every table Lambda builds (API keys and
    // the two webhook entities, issue 23; the three team entities, issue 22; the texts'
    // noticeShortCode, issue 21).
    // Seventh round (cfg), no zod/mini: 211.2/55.9 KB measured.
    maxBytes: 218 * KB,
    // 71.6 KB measured with issues 21–23 merged; 73.1 KB with the stack-trace mapper every bundle now
    // carries (~2.7 KB raw, ~1 KB gzip: its map is read on the first trace, not at load, ADR 0014).
    maxGzipBytes: 58 * KB,
    excludes: [STRIPE, HONO, ZOD, TZ_LOOKUP, PAPAPARSE],
  },
  /** Cognito's post-confirmation trigger: ElectroDB and the config; the Cognito SDK is the runtime's. */
  'post-confirmation': {
    // Raised from 270 KB (issue 22): the table's three team entities (membership, invite, audit) in the Service.
    // Issues 24–25 add the SSO, brand, observation and report entities to the table's list: 269.1/71.2 KB.
    // Seventh round (cfg), no zod/mini: 207.5/54.7 KB measured.
    maxBytes: 214 * KB,
    maxGzipBytes: 57 * KB,
    excludes: [STRIPE, HONO, ZOD, TZ_LOOKUP, PAPAPARSE],
  },
  /**
   * Single sign-on's pool triggers (pre sign-up, pre authentication, pre token generation): the SSO
   * rules of lambdas/core/sso, ElectroDB and the config, as small as the post-confirmation trigger:
   * 272.2/72.1 KB measured; 210.4/55.7 KB in the seventh round (cfg), no zod/mini.
   */
  'sso-triggers': {
    maxBytes: 217 * KB,
    maxGzipBytes: 58 * KB,
    excludes: [STRIPE, HONO, ZOD, TZ_LOOKUP, PAPAPARSE],
  },
  /**
   * The deploy's custom resource that keeps the web client's identity providers: the Cognito SDK is
   * the runtime's, so the bundle is our few lines and the config: 29.8/10.0 KB measured with zod/mini.
   */
  'sso-client-providers': {
    // 31.3 KB measured with the stack-trace mapper every bundle carries (~2.7 KB, ADR 0014).
    // Seventh round (cfg), no zod/mini: 10.5/4.2 KB measured.
    maxBytes: 11 * KB,
    maxGzipBytes: 5 * KB,
    excludes: [STRIPE, HONO, ZOD, TZ_LOOKUP, PAPAPARSE],
  },
  /**
   * The public API (`/v1/*`, issue 23): the records' routes, verdicts and ledger as in the api Lambda,
   * plus @hono/zod-openapi (zod-to-openapi and the zod it reaches, ~380 KB more than the api's zod),
   * kept out of the api Lambda, which is at its budget. 1251/331 KB measured, budget ~3% over.
   */
  // Issues 22–26 merged (markedById, observed days in the ledger, batched reads): 1293.1/347.2 KB measured.
  // Issue 26 item 8: the phone metadata beside the bundle, as the api's: 1156.0/313.3 KB measured.
  // Issue 26 item 8, fourth round (branch initround): Lambdas resolve `zod` to its entry without the
  // locales, which @hono/zod-openapi's whole `z` kept here (lambdas/adapters/zod/; 902.5/275.9 KB), and
  // papaparse, tz-lookup and sms-segments-calculator are bundled apart as the api's (773.7/226.1 KB),
  // and its own root builds only what `/v1` uses (lambdas/composition/public-api.root.ts; no Cognito):
  // 710.7/206.1 KB measured, budget ~3% over.
  'public-api': { maxBytes: 694 * KB, maxGzipBytes: 204 * KB, excludes: [STRIPE, ...FIRST_USE_BY_NAME] },
  /** SMS replies and delivery events: ElectroDB, the SMS client's glue, the config. */
  'sms-events': {
    // Evening merge with sms-segments-calculator bundled apart: 377.2/106.6 KB measured, budget ~3% over.
    // Sixth round (initratio2), no zod classic: 306.4/86.6 KB measured.
    // Seventh round (cfg), no zod at all: 287.6/81.0 KB measured.
    maxBytes: 297 * KB,
    maxGzipBytes: 84 * KB,
    excludes: [STRIPE, HONO, ZOD, TZ_LOOKUP, PAPAPARSE, SMS_SEGMENTS_LIBRARY],
  },
  /** The HTTP API's authorizer (issue 22 §7): aws-jwt-verify, ElectroDB, the config. */
  authorizer: {
    // Seventh round (cfg), no zod/mini: 223.7/59.4 KB measured.
    maxBytes: 231 * KB,
    maxGzipBytes: 62 * KB,
    excludes: [STRIPE, HONO, ZOD, TZ_LOOKUP, PAPAPARSE],
  },
} as const satisfies Record<string, LambdaBundleBudget>;

export type LambdaName = keyof typeof LAMBDA_BUNDLE_BUDGETS;

/**
 * Module init of a Lambda once the AWS SDK is loaded, in CPU ms (user + system, median of 10 cold
 * `require`s of the bundle, SDK preloaded, source maps enabled as on Lambda), measured by
 * `bench/lambda-bundles.ts` against a plain Hono Lambda built the same way in the same run (issue 26
 * item 8). Reported, not enforced by a test: timings depend on the machine. CPU rather than wall
 * time, since on a shared machine wall time mostly measures waiting for a core.
 */
export const LAMBDA_INIT_GOALS = {
  /** The api Lambda: every `/api/*` route but billing, holidays and checkout. */
  apiCpuMs: 60,
  /** Every other Lambda. */
  otherCpuMs: 40,
  /** Each Lambda's CPU ms at most this many times the plain Hono baseline's. */
  maxBaselineRatio: 10,
} as const;

/** The CPU ms goal of one Lambda's module init (LAMBDA_INIT_GOALS). */
export function lambdaInitGoalCpuMs(name: string): number {
  return name === 'api' ? LAMBDA_INIT_GOALS.apiCpuMs : LAMBDA_INIT_GOALS.otherCpuMs;
}

/** The landing page (`bench/landing-bundle-size.ts`): what a signed-out first visit downloads. */
export const LANDING_BUDGETS = {
  /** JavaScript actually loaded by `/`, gzipped. */
  jsGzipBytes: 90 * KB,
  /** CSS loaded by `/`, gzipped. */
  cssGzipBytes: 15 * KB,
} as const;

/**
 * Issue 12's targets, kept for the reports. The Lambda ones are not reachable with the libraries the
 * design requires (ElectroDB alone is ~219 KB minified, Stripe ~240 KB): see docs/benchmarks.md.
 */
export const ISSUE_12_TARGETS = {
  lambdaBundleBytes: 250 * KB,
  dispatchBundleBytes: 200 * KB,
  lambdaInitMs: 40,
  landingJsGzipBytes: 90 * KB,
  landingCssGzipBytes: 15 * KB,
} as const;
