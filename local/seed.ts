import type { CompositionRoot } from '../lambdas/composition-root';
import { tenantFromStore } from '../lambdas/core/caller';
import type { Client, Jobsite, Worker } from '../shared/records';
import type { StoredCrew } from '../lambdas/core/records/records.ports';
import { DEFAULT_PRESET_HOLIDAYS } from '../shared/holidays-default.generated';
import { DEFAULT_NOTICE_TIMES, localClock, SLOT_MINUTES, slotStart } from '../shared/notice-slots';
import { createCheckoutSession } from '../lambdas/core/billing/checkout';
import { runDispatch } from '../lambdas/core/dispatch/run-dispatch';
import { backfillAccountRecords } from '../lambdas/core/account/backfill-account-records';
import { DynamoAccountCreator } from '../lambdas/adapters/dynamo/account-creator.repo';
import type { Rule } from '../shared/weather/rule';
import { payWithTestCard, type SandboxAccess } from './stripe-sandbox/control-client';

/** A demo account's profile (name and company), written only when it has none, so edits survive restarts. */
export async function ensureDemoProfile(
  root: CompositionRoot,
  demo: { userId: string; email: string },
  shown: { name: string; company: string },
): Promise<void> {
  const { data: profile } = await root.db.entities.profile.get({ userId: demo.userId }).go();
  if (profile) return;
  const createdAt = new Date().toISOString();
  await root.db.entities.profile
    .put({ userId: demo.userId, email: demo.email, ...shown, units: 'us', createdAt })
    .go();
}

/**
 * Demo data for the demo contractor: a believable small firm (two clients, three jobsites in three
 * timezones, six workers in two crews). Each record is written only when missing, so user edits
 * survive restarts; the first demo jobsite keeps the id the earlier seed used (`demo-site-1`).
 */
export async function seedDemoData(
  root: CompositionRoot,
  demo: { userId: string; email: string },
): Promise<void> {
  await ensureDemoProfile(root, demo, { name: 'Dana Demo', company: 'Demo Builders LLC' });

  // Users confirmed before the post-confirmation trigger existed get their account record (idempotent).
  await backfillAccountRecords({
    directory: root.people.directory,
    accounts: new DynamoAccountCreator(root.db),
    clock: root.clock,
  });

  const tenant = tenantFromStore(demo.userId);
  const now = new Date().toISOString();
  const stamp = { createdAt: now, updatedAt: now };
  const { clients, crews, workers, jobsites } = root.records;

  const ensure = async <T extends { id: string }>(
    repo: {
      get: (t: typeof tenant, id: string) => Promise<T | null>;
      create: (t: typeof tenant, r: T) => Promise<void>;
    },
    record: T,
    isComplete: (stored: T) => boolean = () => true,
  ) => {
    const stored = await repo.get(tenant, record.id);
    if (stored && isComplete(stored)) return;
    // Through the repository, so the account's jobsite count (plan limit) stays true.
    if (stored) await jobsites.remove(tenant, record.id);
    await repo.create(tenant, record);
  };

  const demoClients: Client[] = [
    {
      id: 'demo-client-northgate',
      name: 'Northgate Health Partners',
      contactName: 'Priya Raman',
      email: 'priya.raman@northgate-health.example',
      phone: '(312) 555-0142',
      address: '200 W Adams St, Chicago, IL 60606',
      notes: 'Owner of the Riverside medical campus. Wants weather-day notices for the claim file.',
      notifyNoWork: true,
      ...stamp,
    },
    {
      id: 'demo-client-harbor',
      name: 'Harbor Point Development',
      contactName: 'Marcus Lee',
      email: 'mlee@harborpoint.example',
      phone: '(206) 555-0188',
      address: '1201 Western Ave, Seattle, WA 98101',
      notes: null,
      notifyNoWork: false,
      ...stamp,
    },
  ];
  for (const client of demoClients) await ensure(clients, client);

  const crew = (id: string, name: string, notes: string, hourlyRateCents: number): StoredCrew => ({
    id: `demo-crew-${id}`,
    name,
    notes,
    hourlyRateCents,
    ...stamp,
  });
  const demoCrews = [
    crew('concrete', 'Concrete crew', 'Pours and finishing', 4800),
    crew('framing', 'Framing crew', 'Steel and framing, crane work', 5500),
  ];
  for (const crew of demoCrews) await ensure(crews, crew);

  const worker = (id: string, name: string, trade: string, crewIds: string[], isManager = false): Worker => ({
    id: `demo-worker-${id}`,
    name,
    email: `${id}@demo-builders.example`,
    phone: null,
    trade,
    crewIds,
    isManager,
    status: 'active',
    ...stamp,
  });
  const demoWorkers = [
    worker('sam.ortiz', 'Sam Ortiz', 'Superintendent', [], true),
    worker('jo.kim', 'Jo Kim', 'Concrete finisher', ['demo-crew-concrete']),
    worker('luis.perez', 'Luis Perez', 'Concrete laborer', ['demo-crew-concrete']),
    worker('amara.obi', 'Amara Obi', 'Crane operator', ['demo-crew-framing']),
    worker('ben.tran', 'Ben Tran', 'Ironworker', ['demo-crew-framing']),
    worker('rita.hale', 'Rita Hale', 'Carpenter', ['demo-crew-framing', 'demo-crew-concrete']),
  ];
  for (const w of demoWorkers) await ensure(workers, w);

  const rain: Rule[] = [
    {
      id: 'rain-rate',
      metric: 'precipitation',
      op: '>=',
      threshold: 2.54,
      label: 'the rain limit',
      preset: 'general',
    },
    {
      id: 'rain-chance',
      metric: 'precipitation_probability',
      op: '>=',
      threshold: 60,
      label: 'the rain-chance limit',
      preset: 'general',
    },
  ];
  const crane: Rule[] = [
    {
      id: 'crane-wind',
      metric: 'wind_speed',
      op: '>=',
      threshold: 32.19,
      label: 'the crane wind limit',
      preset: 'crane',
    },
    {
      id: 'crane-gusts',
      metric: 'wind_gusts',
      op: '>=',
      threshold: 48.28,
      label: 'the crane gust limit',
      preset: 'crane',
    },
  ];
  const heat: Rule[] = [
    {
      id: 'heat-index',
      metric: 'heat_index',
      op: '>=',
      threshold: 39.44,
      label: 'the heat-index danger band',
      preset: 'heat',
    },
  ];
  const site = (
    id: string,
    name: string,
    fields: Pick<
      Jobsite,
      'address' | 'latitude' | 'longitude' | 'timezone' | 'clientId' | 'rules' | 'recipients'
    > &
      Partial<Jobsite>,
  ): Jobsite => ({
    id,
    name,
    workingDays: [1, 2, 3, 4, 5],
    workingHours: { start: '07:00', end: '17:00' },
    startDate: null,
    endDate: null,
    active: true,
    noticeTimes: DEFAULT_NOTICE_TIMES.map((n) => ({ ...n })),
    scenario: null,
    ...stamp,
    ...fields,
  });
  const demoJobsites = [
    site('demo-site-1', 'Riverside Medical Center', {
      address: '1500 S Canal St, Chicago, IL 60607',
      latitude: 41.8608,
      longitude: -87.6393,
      timezone: 'America/Chicago',
      clientId: 'demo-client-northgate',
      rules: [...rain, ...crane],
      recipients: {
        workerIds: ['demo-worker-sam.ortiz'],
        crewIds: ['demo-crew-concrete', 'demo-crew-framing'],
        notifyClient: true,
      },
    }),
    site('demo-site-harbor', 'Harbor Point Tower', {
      address: '1400 Alaskan Way, Seattle, WA 98101',
      latitude: 47.6064,
      longitude: -122.3405,
      timezone: 'America/Los_Angeles',
      clientId: 'demo-client-harbor',
      rules: [...rain, ...crane],
      recipients: {
        workerIds: ['demo-worker-sam.ortiz'],
        crewIds: ['demo-crew-framing'],
        notifyClient: false,
      },
      scenario: 'storm',
    }),
    site('demo-site-mesa', 'Mesa Logistics Warehouse', {
      address: '4400 E Broadway Rd, Phoenix, AZ 85040',
      latitude: 33.4075,
      longitude: -111.9862,
      timezone: 'America/Phoenix',
      clientId: 'demo-client-northgate',
      workingHours: { start: '05:00', end: '14:00' },
      rules: heat,
      recipients: { workerIds: [], crewIds: ['demo-crew-concrete'], notifyClient: false },
    }),
  ];
  // The first seed wrote `demo-site-1` as a bare schedule row (no coordinates): replace it once.
  for (const j of demoJobsites)
    await ensure(jobsites, j, (stored) => stored.latitude !== 0 || stored.longitude !== 0);
}

/**
 * The demo contractor on Premium, bought through the payments sandbox like any customer (the real
 * checkout use-case, the sandbox's hosted page, the signed webhook), once. Only with the sandbox:
 * with real Stripe keys nothing is bought on anyone's behalf.
 */
export function ensureDemoPremium(
  root: CompositionRoot,
  demo: { userId: string; email: string },
  sandbox: SandboxAccess,
): Promise<void> {
  return ensureDemoPlan(root, demo, sandbox, 'premium');
}

/** A demo account on `plan`, bought once through the payments sandbox (see ensureDemoPremium). */
export async function ensureDemoPlan(
  root: CompositionRoot,
  demo: { userId: string; email: string },
  sandbox: SandboxAccess,
  plan: 'premium' | 'enterprise',
): Promise<void> {
  const current = await root.accounts.getSubscription(demo.userId);
  if (current && current.status === 'active') return;
  const caller = { userId: demo.userId, email: demo.email, groups: [], emailVerified: true };
  const session = await createCheckoutSession(
    caller,
    { userId: demo.userId, email: demo.email, plan, billingCycle: 'monthly' },
    root.billing,
  );
  const paid = await payWithTestCard(sandbox, session.sessionId);
  if (paid.status !== 200)
    throw new Error(`The demo subscription could not be bought in the sandbox: ${JSON.stringify(paid.body)}`);
  for (let i = 0; i < 50; i++) {
    if ((await root.accounts.getSubscription(demo.userId))?.status === 'active') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The demo subscription never became active');
}

const DEMO_HOLIDAYS = new Set(DEFAULT_PRESET_HOLIDAYS.map((h) => h.date));

/**
 * The latest weekday 05:00 in `timezone` at or before `now` that is not a US public holiday (the demo
 * account keeps the default calendar, and nothing is sent on a holiday): a notice time the demo can replay.
 */
function lastWeekdayMorning(now: Date, timezone: string): Date {
  let slot = slotStart(now);
  for (let i = 0; i < 7 * 96; i++) {
    const local = localClock(slot, timezone);
    if (local.minuteOfDay === 5 * 60 && local.isoWeekday <= 5 && !DEMO_HOLIDAYS.has(local.date)) return slot;
    slot = new Date(slot.getTime() - SLOT_MINUTES * 60_000);
  }
  return slotStart(now);
}

/**
 * A newcomer should see the point in the first minute: when the demo has no alert yet, replay the
 * latest weekday-morning notice run of the storm-pinned jobsite, so its crew's notices are in the
 * alert history and the mailbox.
 */
export async function ensureDemoAlerts(root: CompositionRoot, demo: { userId: string }): Promise<void> {
  const alerts = await root.dispatch.claims.listRecent(tenantFromStore(demo.userId), 1);
  if (alerts.length) return;
  await runDispatch(root.dispatch, {
    at: lastWeekdayMorning(new Date(), 'America/Los_Angeles'),
    trigger: 'admin',
  });
}
