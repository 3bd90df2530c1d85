import type { Worker } from '../../../shared/records';
import { smsMessages } from '../../../shared/sms-messages';
import { tenantFromStore, type TenantId } from '../caller';
import { applyConsentInput } from './consent-records';
import { readKeyword } from './sms-keywords';
import { stopEverywhere } from './send-texts';
import type { ConfirmationReplies, SmsConsent, SmsConsentStore, TextSender } from './sms.ports';

export interface InboundDeps {
  consents: SmsConsentStore;
  sender: TextSender;
  /** The account's workers (a "1" or "2" is matched to the foreman by number). */
  workersOf: (tenant: TenantId) => Promise<Worker[]>;
  confirmations: ConfirmationReplies;
}

export interface InboundText {
  /** The person's number (E.164). */
  from: string;
  body: string;
  at: Date;
}

export type InboundOutcome = 'subscribed' | 'stopped' | 'resubscribed' | 'help' | 'confirmed' | 'ignored';

const companiesOf = (records: readonly SmsConsent[]) =>
  [...new Set(records.map((r) => r.company))].join(', ') || 'Raincheck';

/**
 * One reply text, as End User Messaging SMS publishes it (or the local SMS server posts it). A
 * reply names only the number, so it applies to every account that asked that number: YES to the
 * pending ones, STOP to all at once, START to the stopped ones; HELP names the companies.
 */
export async function handleInboundText(text: InboundText, deps: InboundDeps): Promise<InboundOutcome> {
  const keyword = readKeyword(text.body);
  const records = await deps.consents.listForPhone(text.from);
  const entry = { at: text.at.toISOString(), source: 'sms-reply' as const, detail: text.body.slice(0, 160) };
  const reply = (body: string) => deps.sender.send({ to: text.from, body });

  switch (keyword.kind) {
    case 'stop':
      // AWS puts the number on the opt-out list and answers STOP itself; we record it everywhere.
      await stopEverywhere(deps.consents, text.from, 'sms-reply', text.at, entry.detail);
      return 'stopped';
    case 'yes': {
      const changed = await applyAll(deps.consents, records, { type: 'yes' }, entry);
      if (!changed.length) break;
      for (const r of changed) await reply(smsMessages.subscribed(r.company));
      return 'subscribed';
    }
    case 'start': {
      const changed = await applyAll(deps.consents, records, { type: 'start' }, entry);
      if (!changed.length) break;
      await reply(smsMessages.resubscribed(companiesOf(changed)));
      return 'resubscribed';
    }
    case 'confirm':
      for (const r of records.filter((c) => c.state === 'on')) {
        const tenant = tenantFromStore(r.tenantId);
        const workers = (await deps.workersOf(tenant)).filter((w) => w.phone === text.from);
        for (const w of workers)
          if (await deps.confirmations.answerBySms(r.tenantId, w.id, keyword.answer)) return 'confirmed';
      }
      break;
    case 'help':
    case 'other':
      break;
  }
  // Anything else (and a keyword with nothing to act on) gets the HELP text, unless the number said STOP.
  const open = records.filter((r) => r.state !== 'stopped');
  if (records.length && !open.length) return 'ignored';
  await reply(smsMessages.help(companiesOf(open)));
  return 'help';
}

async function applyAll(
  store: SmsConsentStore,
  records: readonly SmsConsent[],
  input: { type: 'yes' } | { type: 'start' },
  entry: { at: string; source: 'sms-reply'; detail: string },
): Promise<SmsConsent[]> {
  const changed: SmsConsent[] = [];
  for (const r of records) {
    const step = await applyConsentInput(store, r, input, entry);
    if (step?.logged) changed.push(r);
  }
  return changed;
}
