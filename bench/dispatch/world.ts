// The world: tenants, workers, clients, jobsites around real cities.
import type { DueJobsite } from '../../lambdas/core/dispatch/dispatch.ports';
import type { StoredCrew } from '../../lambdas/core/records/records.ports';
import type { Client, Jobsite, Worker } from '../../shared/records';
import { timezoneAt } from '../../shared/records/timezone';
import type { Subscription } from '../../shared/subscription';
import { gridCell } from '../../shared/weather/grid-cell';
import { PRESET_IDS, presetRules } from '../../shared/weather/presets';
import { rulesSchema, type Rule } from '../../shared/weather/rule';
import { DAY, SCATTER_KM } from './common';
import { prng } from '../seeded-random';

/** City centre, rough metro population (millions) as the weight. */
export const CITIES: [string, number, number, number][] = [
  ['New York', 40.7128, -74.006, 19.5],
  ['Los Angeles', 34.0522, -118.2437, 12.8],
  ['Chicago', 41.8781, -87.6298, 9.3],
  ['Houston', 29.7604, -95.3698, 7.3],
  ['Phoenix', 33.4484, -112.074, 5],
  ['Philadelphia', 39.9526, -75.1652, 6.2],
  ['San Antonio', 29.4241, -98.4936, 2.6],
  ['San Diego', 32.7157, -117.1611, 3.3],
  ['Dallas', 32.7767, -96.797, 7.9],
  ['Austin', 30.2672, -97.7431, 2.4],
  ['Jacksonville', 30.3322, -81.6557, 1.7],
  ['Columbus', 39.9612, -82.9988, 2.1],
  ['Charlotte', 35.2271, -80.8431, 2.7],
  ['Indianapolis', 39.7684, -86.1581, 2.1],
  ['Seattle', 47.6062, -122.3321, 4],
  ['Denver', 39.7392, -104.9903, 3],
  ['Washington', 38.9072, -77.0369, 6.3],
  ['Boston', 42.3601, -71.0589, 4.9],
  ['Nashville', 36.1627, -86.7816, 2],
  ['Detroit', 42.3314, -83.0458, 4.3],
  ['Portland', 45.5152, -122.6784, 2.5],
  ['Las Vegas', 36.1699, -115.1398, 2.3],
  ['Atlanta', 33.749, -84.388, 6.1],
  ['Miami', 25.7617, -80.1918, 6.1],
  ['Minneapolis', 44.9778, -93.265, 3.7],
  ['Salt Lake City', 40.7608, -111.891, 1.3],
  ['Kansas City', 39.0997, -94.5786, 2.2],
  ['Raleigh', 35.7796, -78.6382, 1.5],
  ['Tampa', 27.9506, -82.4572, 3.2],
  ['Orlando', 28.5384, -81.3789, 2.7],
  ['Anchorage', 61.2181, -149.9003, 0.4],
  ['Honolulu', 21.3069, -157.8583, 1],
  ['Toronto', 43.6532, -79.3832, 6.2],
  ['Montreal', 45.5017, -73.5673, 4.3],
  ['Vancouver', 49.2827, -123.1207, 2.6],
  ['Calgary', 51.0447, -114.0719, 1.5],
  ['Edmonton', 53.5461, -113.4938, 1.4],
  ['Ottawa', 45.4215, -75.6972, 1.4],
  ['Winnipeg', 49.8951, -97.1384, 0.8],
  ['Halifax', 44.6488, -63.5752, 0.4],
  ['London', 51.5074, -0.1278, 9.5],
  ['Paris', 48.8566, 2.3522, 11],
  ['Berlin', 52.52, 13.405, 4.5],
  ['Madrid', 40.4168, -3.7038, 6.7],
  ['Rome', 41.9028, 12.4964, 4.3],
  ['Amsterdam', 52.3676, 4.9041, 2.5],
  ['Munich', 48.1351, 11.582, 2.9],
  ['Dublin', 53.3498, -6.2603, 1.4],
  ['Warsaw', 52.2297, 21.0122, 3.1],
  ['Vienna', 48.2082, 16.3738, 2.9],
  ['Stockholm', 59.3293, 18.0686, 2.4],
  ['Lisbon', 38.7223, -9.1393, 2.9],
  ['Milan', 45.4642, 9.19, 4.3],
  ['Barcelona', 41.3851, 2.1734, 5.6],
];

export const WEEKS = [
  [1, 2, 3, 4, 5],
  [1, 2, 3, 4, 5, 6],
  [1, 2, 3, 4, 5, 6, 7],
];
export const WINDOWS = [
  { start: '07:00', end: '17:00' },
  { start: '06:00', end: '15:30' },
  { start: '08:00', end: '16:00' },
  { start: '07:00', end: '15:30' },
];
export const DELAY_PRESETS = PRESET_IDS.filter((p) => p !== 'stormwater');

export interface Tenant {
  id: string;
  workers: Worker[];
  clients: Client[];
  jobsites: Map<string, Jobsite>;
  subscription: Subscription;
  units: 'us' | 'metric';
  /** The contractor's crews (`withCrews`); absent: its jobsites name their workers one by one. */
  crews?: StoredCrew[];
}

export interface World {
  tenants: Map<string, Tenant>;
  due: DueJobsite[];
  cells: number;
}

export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

export function isoWeekday(date: string): number {
  const d = new Date(`${date}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

export function makeWorld(count: number, seed: number, asOf: Date): World {
  const rnd = prng(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  const totalWeight = CITIES.reduce((s, c) => s + c[3], 0);
  const pickCity = () => {
    let r = rnd() * totalWeight;
    for (const c of CITIES) if ((r -= c[3]) <= 0) return c;
    return CITIES[0]!;
  };
  const T = asOf.toISOString();
  const tenants = new Map<string, Tenant>();
  const due: DueJobsite[] = [];
  const cells = new Set<string>();
  const dateCache = new Map<string, string>();
  let made = 0;
  for (let t = 0; made < count; t++) {
    const id = `tenant-${t}`;
    const home = pickCity();
    // Contractors are small to mid-sized: 1–40 jobsites, most under 10.
    const size = Math.min(count - made, 1 + Math.floor(-Math.log(1 - rnd()) * 8));
    const workers: Worker[] = Array.from({ length: 3 + Math.floor(rnd() * 23) }, (_, w) => ({
      id: `${id}-w${w}`,
      name: `Worker ${w}`,
      email: `w${w}@${id}.example.com`,
      phone: null,
      trade: null,
      crewIds: [],
      isManager: w === 0,
      status: rnd() < 0.03 ? 'bounced' : 'active',
      createdAt: T,
      updatedAt: T,
    }));
    const clients: Client[] = Array.from({ length: 1 + Math.floor(rnd() * 4) }, (_, c) => ({
      id: `${id}-c${c}`,
      name: `Client ${c}`,
      contactName: null,
      email: rnd() < 0.7 ? `c${c}@client-of-${id}.example.com` : null,
      phone: null,
      address: null,
      notes: null,
      notifyNoWork: rnd() < 0.3,
      createdAt: T,
      updatedAt: T,
    }));
    const premium = rnd() < 0.9;
    const subscription = { plan: premium ? 'premium' : 'none', status: premium ? 'active' : 'incomplete' };
    const tenant: Tenant = {
      id,
      workers,
      clients,
      jobsites: new Map(),
      subscription: subscription as Subscription,
      units: rnd() < 0.7 ? 'us' : 'metric',
    };
    tenants.set(id, tenant);
    for (let j = 0; j < size; j++, made++) {
      const [, lat0, lon0] = rnd() < 0.75 ? home : pickCity();
      const latitude = Number((lat0 + (gauss() * SCATTER_KM) / 111.32).toFixed(5));
      const longitude = Number(
        (lon0 + (gauss() * SCATTER_KM) / (111.32 * Math.cos((lat0 * Math.PI) / 180))).toFixed(5),
      );
      const timezone = timezoneAt(latitude, longitude);
      const dateKey = timezone;
      let today = dateCache.get(dateKey);
      if (today === undefined) dateCache.set(dateKey, (today = localDate(asOf, timezone)));
      const workDate = new Date(Date.parse(`${today}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
      // The planner hands out only jobsites whose notice day is a working day.
      const week = WEEKS[rnd() < 0.6 ? 0 : rnd() < 0.7 ? 1 : 2]!;
      const workingDays = week.includes(isoWeekday(workDate))
        ? week
        : [...week, isoWeekday(workDate)].sort((a, b) => a - b);
      const ruleCount = 2 + Math.floor(rnd() * 4);
      const picked: Rule[] = [];
      while (picked.length < ruleCount) {
        for (const r of presetRules([DELAY_PRESETS[Math.floor(rnd() * DELAY_PRESETS.length)]!]))
          if (picked.length < ruleCount && !picked.some((p) => p.id === r.id)) picked.push(r);
      }
      const recipients = new Set<string>();
      const wanted = Math.min(workers.length, 2 + Math.floor(rnd() * 4));
      while (recipients.size < wanted) recipients.add(workers[Math.floor(rnd() * workers.length)]!.id);
      const jobsite: Jobsite = {
        id: `${id}-j${j}`,
        name: `Jobsite ${j} of ${id}`,
        address: null,
        latitude,
        longitude,
        timezone,
        clientId: clients[Math.floor(rnd() * clients.length)]!.id,
        workingDays,
        workingHours: WINDOWS[Math.floor(rnd() * WINDOWS.length)]!,
        startDate: null,
        endDate: null,
        active: true,
        noticeTimes: [{ time: '15:00', forDay: 'next' }],
        // As the dispatcher gets them: stored JSON parsed with the contract's schema.
        rules: rulesSchema.parse(JSON.parse(JSON.stringify(picked))),
        recipients: { workerIds: [...recipients], crewIds: [], notifyClient: rnd() < 0.3 },
        scenario: null,
        createdAt: T,
        updatedAt: T,
      };
      tenant.jobsites.set(jobsite.id, jobsite);
      cells.add(gridCell(latitude, longitude).key);
      due.push({
        tenantId: id,
        jobsiteId: jobsite.id,
        workDate,
        noticeTime: '15:00',
        cell: `${gridCell(latitude, longitude).key}|`,
      });
    }
  }
  // By grid cell: crews are dealt in this order (kept so every run since measures the same world);
  // the planner cuts batches in its own order (inBatchOrder).
  due.sort((a, b) => (a.cell ?? '').localeCompare(b.cell ?? ''));
  return { tenants, due, cells: cells.size };
}

/** The crews (issue 26 item 1): what `withCrews` made, for the report. */
export interface CrewFigures {
  crews: number;
  workers: number;
  /** Workers with a phone, SMS on and the number's consent given (texted when their jobsite is). */
  texting: number;
}

/**
 * The storm-morning workforce on a world: each contractor runs a crew per ~2 jobsites (its
 * crews move between its jobsites), every crew 3–15 workers, every jobsite told through 1–3 of its
 * contractor's crews (and its client as before), half the workers with a mobile number opted in to
 * SMS with the number's consent given, every account on Enterprise (SMS and its allowance). Seeded
 * from its own stream, so the jobsites, places and rules stay those of `makeWorld`.
 */
export function withCrews(world: World, seed: number): CrewFigures {
  const rnd = prng(seed);
  const figures: CrewFigures = { crews: 0, workers: 0, texting: 0 };
  let phone = 0;
  for (const tenant of world.tenants.values()) {
    const T = tenant.workers[0]?.createdAt ?? new Date(0).toISOString();
    const crewCount = Math.max(1, Math.ceil(tenant.jobsites.size / 2));
    tenant.crews = [];
    tenant.workers = [];
    for (let c = 0; c < crewCount; c++) {
      const crewId = `${tenant.id}-crew${c}`;
      tenant.crews.push({
        id: crewId,
        name: `Crew ${c}`,
        notes: null,
        hourlyRateCents: 4500,
        createdAt: T,
        updatedAt: T,
      });
      const size = 3 + Math.floor(rnd() * 13);
      for (let w = 0; w < size; w++) {
        const id = `${crewId}-w${w}`;
        // One number per worker, counted up in one area code (the local SMS server reaches no carrier).
        const texts = rnd() < 0.5;
        tenant.workers.push({
          id,
          name: `Worker ${w} of crew ${c}`,
          email: `${id}@${tenant.id}.example.com`,
          phone: texts ? `+1415${String(2_000_000 + phone++)}` : null,
          trade: null,
          crewIds: [crewId],
          isManager: c === 0 && w === 0,
          smsOptIn: texts,
          status: rnd() < 0.03 ? 'bounced' : 'active',
          createdAt: T,
          updatedAt: T,
        });
        if (texts) figures.texting += 1;
      }
    }
    figures.crews += crewCount;
    figures.workers += tenant.workers.length;
    for (const jobsite of tenant.jobsites.values()) {
      const wanted = Math.min(crewCount, 1 + Math.floor(rnd() * 3));
      const crews = new Set<string>();
      while (crews.size < wanted) crews.add(tenant.crews[Math.floor(rnd() * crewCount)]!.id);
      jobsite.recipients = { ...jobsite.recipients, workerIds: [], crewIds: [...crews] };
    }
    tenant.subscription = { ...tenant.subscription, plan: 'enterprise', status: 'active' } as Subscription;
  }
  return figures;
}
