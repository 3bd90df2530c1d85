import type { Dispatch, SetStateAction } from 'react';
import type { UnitSystem } from '../../../../../shared/account';
import {
  DEFAULT_NOTICE_TIMES,
  DEFAULT_WORKING_DAYS,
  type NoticeTime,
} from '../../../../../shared/notice-slots';
import type { Jobsite, JobsiteInput } from '../../../../../shared/records/jobsite';
import { timezoneAt } from '../../../../../shared/records/timezone';
import type { Rule, RuleMetric, RuleOp } from '../../../../../shared/weather/rule';
import type { FieldErrors } from '../../../lib/form-errors';
import { thresholdText, thresholdValue } from '../rule-units';
import { foremanInput, foremanValues } from './jobsite-foreman-values';

/** The jobsite form's values as typed, and how they become the API's input. */

export interface Option {
  value: string;
  label: string;
}

/** Options plus any chosen id they lack (deleted, or still loading), so a value never vanishes. */
export function withMissing(options: Option[], chosen: readonly string[]): Option[] {
  const missing = chosen.filter((id) => !options.some((o) => o.value === id));
  return [...options, ...missing.map((id) => ({ value: id, label: 'Unknown (deleted?)' }))];
}

export interface NoticeRow {
  key: string;
  time: string;
  forDay: 'next' | 'same';
}

export interface RuleRow {
  key: string;
  id: string;
  metric: RuleMetric;
  op: RuleOp;
  threshold: string;
  /** As loaded: an untouched threshold is sent back exactly, not through a unit round trip. */
  original?: { metric: RuleMetric; text: string; value: number };
  /** What the form does not edit (hysteresis, duration, preset, label): kept as it was. */
  rest: Omit<Rule, 'id' | 'metric' | 'op' | 'threshold'>;
}

let counter = 0;
/** A React key for a row the user adds or removes. */
export const newKey = () => `k${Date.now().toString(36)}${(counter++).toString(36)}`;
export const newRuleId = () => `r-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

const KNOWN =
  /^(name|address|siteContact(\.(name|phone))?|latitude|longitude|timezone|clientId|workingDays(\.\d+)?|workingHours(\.(start|end))?|startDate|endDate|active|nonWorkingDates(\.\d+(\.(date|name))?)?|anticipatedWeatherDays(\.\d+)?|noticeTimes(\.\d+(\.(time|forDay))?)?|rules(\.\d+(\.(metric|op|threshold))?)?|recipients(\.(workerIds|crewIds|notifyClient))?(\.\d+)?|foremanWorkerId|escalationMinutes)$/;
/** The field paths the form shows; a server reason for any other goes into the form's alert. */
export const shows = (path: string) => KNOWN.test(path);

/** The IANA zone at typed coordinates, or null while they are incomplete or out of range. */
export function derivedTimezone(latitude: string, longitude: string): string | null {
  if (latitude.trim() === '' || longitude.trim() === '') return null;
  const lat = Number(latitude);
  const lon = Number(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
    return null;
  try {
    return timezoneAt(lat, lon);
  } catch {
    return null;
  }
}

/** Rules as editable rows, thresholds in the account's units. */
export function ruleRowsOf(rules: Rule[], units: UnitSystem): RuleRow[] {
  return rules.map((rule): RuleRow => {
    const { id, metric, op, threshold, ...rest } = rule;
    const text = thresholdText(metric, units, threshold);
    return {
      key: newKey(),
      id,
      metric,
      op,
      threshold: text,
      original: { metric, text, value: threshold },
      rest,
    };
  });
}

export function initialValues(
  site: Jobsite | undefined,
  units: UnitSystem,
  noticeDefaults: readonly NoticeTime[] = DEFAULT_NOTICE_TIMES,
) {
  const latitude = site ? String(site.latitude) : '';
  const longitude = site ? String(site.longitude) : '';
  const derived = site ? derivedTimezone(latitude, longitude) : null;
  return {
    name: site?.name ?? '',
    address: site?.address ?? '',
    siteContactName: site?.siteContact?.name ?? '',
    siteContactPhone: site?.siteContact?.phone ?? '',
    latitude,
    longitude,
    // A stored zone other than the one the coordinates give was chosen by hand.
    timezoneOverride: site && site.timezone !== derived ? site.timezone : null,
    clientId: site?.clientId ?? null,
    workingDays: (site?.workingDays ?? DEFAULT_WORKING_DAYS).map(String),
    start: site?.workingHours.start ?? '07:00',
    end: site?.workingHours.end ?? '17:00',
    startDate: site?.startDate ?? '',
    endDate: site?.endDate ?? '',
    active: site?.active ?? true,
    /** Anticipated weather days, January first; all empty = none entered. */
    anticipated: Array.from({ length: 12 }, (_, i) =>
      site?.anticipatedWeatherDays ? String(site.anticipatedWeatherDays[i] ?? 0) : '',
    ),
    noticeTimes: (site?.noticeTimes ?? noticeDefaults).map((n) => ({ key: newKey(), ...n })),
    rules: ruleRowsOf(site?.rules ?? [], units),
    /** The jobsite's own days off (a shutdown week), as typed. */
    nonWorkingDates: (site?.nonWorkingDates ?? []).map((d) => ({ key: newKey(), ...d })),
    workerIds: site?.recipients.workerIds ?? [],
    crewIds: site?.recipients.crewIds ?? [],
    notifyClient: site?.recipients.notifyClient ?? false,
    ...foremanValues(site),
  };
}

export type Values = ReturnType<typeof initialValues>;

/** What every section of the form gets: the values, their setters and the errors by path. */
export interface SectionProps {
  values: Values;
  set: <K extends keyof Values>(key: K) => (value: Values[K]) => void;
  setValues: Dispatch<SetStateAction<Values>>;
  errors: FieldErrors;
  /** The first reason at any of these paths or under them. */
  err: (...paths: string[]) => string | undefined;
}

function withoutClear(rest: RuleRow['rest']): RuleRow['rest'] {
  const { clearThreshold: _clear, ...others } = rest;
  return others;
}

export function toInput(
  values: Values,
  derived: string | null,
  units: UnitSystem,
  site?: Jobsite,
): JobsiteInput {
  const number = (text: string) =>
    text.trim() === '' ? undefined : Number(text.trim().replace(/\u2212/g, '-'));
  return {
    name: values.name,
    address: values.address,
    siteContact: { name: values.siteContactName, phone: values.siteContactPhone },
    latitude: number(values.latitude) as number,
    longitude: number(values.longitude) as number,
    timezone: values.timezoneOverride ?? derived,
    clientId: values.clientId,
    workingDays: values.workingDays.map(Number),
    workingHours: { start: values.start, end: values.end },
    startDate: values.startDate || null,
    endDate: values.endDate || null,
    active: values.active,
    noticeTimes: values.noticeTimes.map(({ time, forDay }) => ({ time, forDay })),
    rules: values.rules.map((row) => {
      const untouched =
        row.original && row.original.metric === row.metric && row.original.text === row.threshold.trim();
      const sameMetric = !row.original || row.original.metric === row.metric;
      return {
        // The hysteresis threshold is in the old metric's units: dropped when the metric changes.
        ...(sameMetric ? row.rest : withoutClear(row.rest)),
        id: row.id,
        metric: row.metric,
        op: row.op,
        threshold: untouched ? row.original!.value : thresholdValue(row.metric, units, row.threshold),
      };
    }),
    recipients: { workerIds: values.workerIds, crewIds: values.crewIds, notifyClient: values.notifyClient },
    nonWorkingDates: values.nonWorkingDates.map(({ date, name }) => ({ date, name })),
    scenario: site?.scenario ?? null,
    ...foremanInput(values),
    anticipatedWeatherDays: values.anticipated.every((v) => v.trim() === '')
      ? null
      : values.anticipated.map((v) => (v.trim() === '' ? 0 : Number(v.trim()))),
  };
}
