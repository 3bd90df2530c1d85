import { DynamoEmailTemplateRepo } from '../adapters/dynamo/email-templates.repo';
import { DynamoWorkerStatusRepo } from '../adapters/dynamo/worker-status.repo';
import { DynamoSuppressionList } from '../adapters/dynamo/suppression-list.repo';
import { DynamoRateWindows } from '../adapters/dynamo/rate-window.repo';
import { createSesClient, SesMailer } from '../adapters/ses/ses.mailer';
import { SesNoticeMailer, sesMaxSendRate } from '../adapters/ses/ses.notice-mailer';
import { cachedRate, SharedSendRate } from '../core/limits/shared-send-rate';
import type { AccountRepo } from '../core/account/account.ports';
import { UnsubscribeTokens } from '../core/email/unsubscribe';
import { NoticeDetailsTokens } from '../core/notices/notice-link';
import type { RecordsStore } from '../core/records/records.ports';
import type { DataRoot } from './data.root';
import { DynamoDeliveryStats } from '../adapters/dynamo/delivery-stats.repo';
import { countingMailer, countingNoticeMailer } from '../core/admin/counting-mailers';
import { DynamoAdminSettingsStore } from '../adapters/dynamo/admin-people.repo';
import { settingsSender } from '../core/admin/admin-settings';
import { builtOnFirstUse } from './built-on-first-use';

export interface EmailRootOptions {
  accounts: AccountRepo;
  records: RecordsStore;
  /** The unsubscribe-link secret (tests); default config's UNSUBSCRIBE_SECRET. */
  unsubscribeSecret?: string;
}

/** Sending notices without a signing secret would hand out forgeable unsubscribe links. */
function missingSecret(): never {
  throw new Error('UNSUBSCRIBE_SECRET is not set: notices cannot carry signed unsubscribe links');
}

/**
 * Email: the SES clients (account mail and notices), the account's templates, workers' delivery
 * status and the unsubscribe-link signer. The signing key is read only when a link is made or
 * checked, so a Lambda that never does needs none.
 */
export function createEmailDeps(data: DataRoot, opts: EmailRootOptions) {
  const { config, db, clock, ids } = data;
  const ses = builtOnFirstUse(() =>
    createSesClient({ region: config.AWS_REGION, endpoint: config.SES_ENDPOINT }),
  );
  const appOrigin = (config.APP_ORIGIN ?? '').replace(/\/$/, '');
  // Every email's From name and Reply-To follow /admin/settings; the address stays MAIL_FROM.
  const sender = settingsSender(new DynamoAdminSettingsStore(db), config.MAIL_FROM, clock);
  // Every send is counted per recipient and day: the admin delivery health's denominator.
  const delivery = new DynamoDeliveryStats(db);
  // Per-account limits on what sends mail at a user's request (core/limits/rate-limits.ts).
  const rateWindows = new DynamoRateWindows(db);
  // One SES rate for the whole AWS account across every Lambda: SES's own MaxSendRate unless set.
  const sesRate = config.SES_SEND_RATE;
  const sesNoticeMailer = new SesNoticeMailer(ses, {
    from: sender,
    configurationSet: config.SES_CONFIGURATION_SET,
    gate: new SharedSendRate({
      channel: 'ses',
      ratePerSecond: sesRate ? async () => sesRate : cachedRate(() => sesMaxSendRate(ses), 10),
      store: rateWindows,
    }),
    unsubscribeMailto: config.UNSUBSCRIBE_MAILTO,
  });
  const noticeMailer = countingNoticeMailer(sesNoticeMailer, delivery, clock);
  const templates = new DynamoEmailTemplateRepo(db);
  const workerStatus = new DynamoWorkerStatusRepo(db);
  const suppressions = new DynamoSuppressionList(db);
  let signer: UnsubscribeTokens | undefined;
  const signerOf = () =>
    (signer ??= new UnsubscribeTokens(
      opts.unsubscribeSecret ?? config.UNSUBSCRIBE_SECRET ?? missingSecret(),
      (config.UNSUBSCRIBE_SECRET_PREVIOUS ?? '').split(',').filter(Boolean),
    ));
  // Notice details links: their own key, derived from the same secret (core/notices/notice-link.ts).
  let noticeSigner: NoticeDetailsTokens | undefined;
  const noticeSignerOf = () =>
    (noticeSigner ??= new NoticeDetailsTokens(
      opts.unsubscribeSecret ?? config.UNSUBSCRIBE_SECRET ?? missingSecret(),
      (config.UNSUBSCRIBE_SECRET_PREVIOUS ?? '').split(',').filter(Boolean),
    ));
  const noticeLinks: Pick<NoticeDetailsTokens, 'sign' | 'verify'> = {
    sign: (ref) => noticeSignerOf().sign(ref),
    verify: (token, now) => noticeSignerOf().verify(token, now),
  };
  const tokens: Pick<UnsubscribeTokens, 'url' | 'verify' | 'sign'> = {
    url: (origin, claims) => signerOf().url(origin, claims),
    verify: (token) => signerOf().verify(token),
    sign: (claims) => signerOf().sign(claims),
  };
  return {
    appOrigin,
    mailer: countingMailer(new SesMailer(ses, sender, config.SES_CONFIGURATION_SET), delivery, clock),
    delivery,
    noticeMailer,
    /** The notice mailer without the per-send counter: the dispatch adds its batch's sends to `delivery` once. */
    uncountedNoticeMailer: sesNoticeMailer,
    templates,
    workerStatus,
    suppressions,
    tokens,
    noticeLinks,
    rateWindows,
    email: {
      templates,
      accounts: opts.accounts,
      clock,
      ids,
      mailer: noticeMailer,
      appOrigin,
      rateWindows,
      idempotency: opts.records.idempotency,
    },
    unsubscribe: {
      tokens,
      workers: workerStatus,
      suppressions,
      jobsites: opts.records.jobsites,
      accounts: opts.accounts,
      clock,
    },
  };
}

export type EmailDeps = ReturnType<typeof createEmailDeps>;
