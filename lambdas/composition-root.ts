import { randomUUID } from 'node:crypto';
import type { LambdaConfig } from './config';
import { DynamoAccountRepo } from './adapters/dynamo/account.repo';
import { DynamoBillingStore } from './adapters/dynamo/billing.repo';
import { createDocumentClient } from './adapters/dynamo/client';
import {
  DynamoClaimRepo,
  DynamoDecisionRepo,
  DynamoDispatchRunRepo,
  DynamoNoticeSchedule,
} from './adapters/dynamo/dispatch.repo';
import { createSesClient, SesMailer } from './adapters/ses/ses.mailer';
import { SesNoticeMailer } from './adapters/ses/ses.notice-mailer';
import { DynamoEmailTemplateRepo } from './adapters/dynamo/email-templates.repo';
import { DynamoWorkerStatusRepo } from './adapters/dynamo/worker-status.repo';
import { templatedNoticeSender } from './core/email/notice-sender';
import { UnsubscribeTokens } from './core/email/unsubscribe';
import { createWeatherProviders } from './adapters/weather/weather.factory';
import { createRecordsStore } from './adapters/dynamo/records.repo';
import { createRaincheckService } from './adapters/dynamo/service';
import type { StripeKeys } from './adapters/stripe/stripe.client';
import { createStripeBilling } from './adapters/stripe/stripe.billing';
import type { Clock, IdGenerator } from './core/runtime.ports';

export interface CompositionOptions {
  clock?: Clock;
  ids?: IdGenerator;
  /** Where the Stripe keys come from (tests); default: config (env or Secrets Manager). */
  stripeKeys?: () => Promise<StripeKeys>;
  /** The unsubscribe-link secret (tests); default config's UNSUBSCRIBE_SECRET. */
  unsubscribeSecret?: string;
}

/**
 * The one composition root of a runtime: each Lambda container builds it once at module load, the
 * local stack once for all its apps. Clients (DynamoDB, Stripe) are created here and nowhere else.
 */
export function createCompositionRoot(config: LambdaConfig, opts: CompositionOptions = {}) {
  const db = createRaincheckService(
    config.TABLE_NAME,
    createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT }),
  );
  const clock = opts.clock ?? { now: () => new Date() };
  const ids = opts.ids ?? { next: () => randomUUID() };
  const accounts = new DynamoAccountRepo(db);
  const stripe = createStripeBilling(config, opts.stripeKeys);
  const billing = {
    store: new DynamoBillingStore(db),
    accounts,
    gateway: stripe.gateway,
    clock,
    appOrigin: (config.APP_ORIGIN ?? '').replace(/\/$/, ''),
    verifyEvent: stripe.verifyEvent,
  };
  const mailer = new SesMailer(
    createSesClient({ region: config.AWS_REGION, endpoint: config.SES_ENDPOINT }),
    config.MAIL_FROM,
    config.SES_CONFIGURATION_SET,
  );
  const weather = createWeatherProviders(config);
  const records = createRecordsStore(db);
  const appOrigin = (config.APP_ORIGIN ?? '').replace(/\/$/, '');
  const sesClient = createSesClient({ region: config.AWS_REGION, endpoint: config.SES_ENDPOINT });
  const noticeMailer = new SesNoticeMailer(sesClient, {
    from: config.MAIL_FROM,
    configurationSet: config.SES_CONFIGURATION_SET,
    ratePerSecond: config.SES_SEND_RATE,
    unsubscribeMailto: config.UNSUBSCRIBE_MAILTO,
  });
  const templates = new DynamoEmailTemplateRepo(db);
  const workerStatus = new DynamoWorkerStatusRepo(db);
  // The signing key is needed only when a link is made or checked: Lambdas that never do need none.
  let signer: UnsubscribeTokens | undefined;
  const signerOf = () =>
    (signer ??= new UnsubscribeTokens(
      opts.unsubscribeSecret ?? config.UNSUBSCRIBE_SECRET ?? missingSecret(),
      (config.UNSUBSCRIBE_SECRET_PREVIOUS ?? '').split(',').filter(Boolean),
    ));
  const tokens: Pick<UnsubscribeTokens, 'url' | 'verify' | 'sign'> = {
    url: (origin, claims) => signerOf().url(origin, claims),
    verify: (token) => signerOf().verify(token),
    sign: (claims) => signerOf().sign(claims),
  };
  return {
    config,
    mailer,
    weather,
    db,
    clock,
    ids,
    accounts,
    records,
    billing,
    email: { templates, accounts, clock, ids, mailer: noticeMailer, appOrigin },
    unsubscribe: { tokens, workers: workerStatus, jobsites: records.jobsites, accounts, clock },
    workerStatus,
    dispatch: {
      schedule: new DynamoNoticeSchedule(db),
      runs: new DynamoDispatchRunRepo(db),
      decisions: new DynamoDecisionRepo(db),
      claims: new DynamoClaimRepo(db),
      records,
      accounts,
      weather: weather.forecast,
      sender: templatedNoticeSender({ templates, tokens, mailer: noticeMailer, appOrigin, clock }),
      clock,
      ids,
    },
  };
}

/** Sending notices without a signing secret would hand out forgeable unsubscribe links. */
function missingSecret(): never {
  throw new Error('UNSUBSCRIBE_SECRET is not set: notices cannot carry signed unsubscribe links');
}

export type CompositionRoot = ReturnType<typeof createCompositionRoot>;
export type BillingDeps = CompositionRoot['billing'];
