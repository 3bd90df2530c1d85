import type { Announcement, Decision, ForecastSnapshot } from '../../core/dispatch/dispatch.ports';

/**
 * A decision's evidence (its judgement, the rules, the forecast snapshot and the announcement) as
 * the item keeps it: one JSON string, `evidence`, instead of four attributes of nested maps and
 * lists. Issue 26 item 5: DynamoDB Local's JVM spent ~0.5 ms putting a decision as maps against
 * ~0.2 ms as a string (bench/claim-writes.ts), and the SDK marshals and unmarshals every number of
 * the maps in Node. Two things the evidence repeated are kept once: the snapshot's hours (48 ISO
 * strings, each an hour after the one before) as the first and a count, and the announcement's
 * judgement when it is the day's judgement. Decoding gives back exactly what was encoded. Items
 * written before keep the four attributes, and `evidenceOf` reads those as they are.
 */

const HOUR_MS = 3600_000;

/** The snapshot as the evidence keeps it: its hours as the first and a count when they follow each other. */
type StoredSnapshot =
  ForecastSnapshot | (Omit<ForecastSnapshot, 'hours'> & { firstHour: string; hourCount: number });

/** The announcement as the evidence keeps it: without its judgement when that is the day's. */
type StoredAnnouncement = Omit<Announcement, 'judgement'> & { judgement?: Announcement['judgement'] };

interface StoredEvidence {
  judgement: Decision['judgement'];
  rules: Decision['rules'];
  forecast: StoredSnapshot | null;
  announcement: StoredAnnouncement | null;
}

/** What the evidence holds of a decision. */
export type Evidence = Pick<Decision, 'judgement' | 'rules' | 'forecast' | 'announcement'>;

/** The evidence of a decision as its item's `evidence` attribute. */
export function evidenceText(decision: Evidence): string {
  const { judgement, rules, forecast, announcement } = decision;
  const stored: StoredEvidence = {
    judgement,
    rules,
    forecast: forecast && storedSnapshot(forecast),
    announcement: announcement && storedAnnouncement(announcement, judgement),
  };
  return JSON.stringify(stored);
}

/** A decision item's evidence: from `evidence` when it has one, else its four attributes as written before. */
export function evidenceOf(item: {
  evidence?: string;
  judgement?: unknown;
  rules?: unknown;
  forecast?: unknown;
  announcement?: unknown;
}): Evidence {
  if (item.evidence === undefined)
    return {
      judgement: (item.judgement as Decision['judgement']) ?? null,
      rules: (item.rules as Decision['rules']) ?? [],
      forecast: (item.forecast as Decision['forecast']) ?? null,
      announcement: (item.announcement as Decision['announcement']) ?? null,
    };
  const stored = JSON.parse(item.evidence) as StoredEvidence;
  return {
    judgement: stored.judgement,
    rules: stored.rules,
    forecast: stored.forecast && snapshotOf(stored.forecast),
    announcement: stored.announcement && {
      ...stored.announcement,
      judgement: stored.announcement.judgement ?? stored.judgement!,
    },
  };
}

function storedSnapshot(snapshot: ForecastSnapshot): StoredSnapshot {
  const { hours, ...rest } = snapshot;
  const first = Date.parse(hours[0] ?? '');
  // Kept as a count only when the count gives back the very same strings.
  const hourly = hours.length > 0 && hours.every((h, i) => h === new Date(first + i * HOUR_MS).toISOString());
  return hourly ? { ...rest, firstHour: hours[0]!, hourCount: hours.length } : snapshot;
}

function snapshotOf(stored: StoredSnapshot): ForecastSnapshot {
  if (!('firstHour' in stored)) return stored;
  const { firstHour, hourCount, ...rest } = stored;
  const first = Date.parse(firstHour);
  const hours = Array.from({ length: hourCount }, (_, i) => new Date(first + i * HOUR_MS).toISOString());
  return { ...rest, hours };
}

function storedAnnouncement(
  announcement: Announcement,
  judgement: Decision['judgement'],
): StoredAnnouncement {
  const same =
    announcement.judgement === judgement ||
    JSON.stringify(announcement.judgement) === JSON.stringify(judgement);
  if (!same) return announcement;
  const { judgement: _same, ...rest } = announcement;
  return rest;
}

/**
 * A decision item as the account export shows it: its evidence as the attributes it was written as
 * before (`evidence` decoded; a null one left out, as an item leaves it out).
 */
export function exportedDecision<I extends Parameters<typeof evidenceOf>[0]>(item: I) {
  const { evidence: _text, ...rest } = item;
  const evidence = Object.entries(evidenceOf(item)).filter(([, value]) => value !== null);
  return { ...rest, ...Object.fromEntries(evidence) };
}
