import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Chip,
  Fieldset,
  Group,
  Input,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { UnitSystem } from '../../../../../shared/account';
import {
  DEFAULT_NOTICE_TIMES,
  DEFAULT_WORKING_DAYS,
  type NoticeTime,
} from '../../../../../shared/notice-slots';
import { jobsiteInputSchema, type Jobsite, type JobsiteInput } from '../../../../../shared/records/jobsite';
import { timezoneAt } from '../../../../../shared/records/timezone';
import { PRESETS, getPreset } from '../../../../../shared/weather/presets';
import { RULE_OPS, type Rule, type RuleMetric, type RuleOp } from '../../../../../shared/weather/rule';
import { unitLabel } from '../../../../../shared/weather/units';
import { useFormContrast } from '../../../components/records/form-contrast';
import { ApiError } from '../../../lib/api-client';
import {
  submitErrors,
  useFocusFirstInvalid,
  zodFieldErrors,
  type FieldErrors,
} from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { AddressLookup } from './address-lookup';
import { describeRule, METRIC_OPTIONS, OP_LABELS, thresholdText, thresholdValue } from '../rule-units';

export interface Option {
  value: string;
  label: string;
}

export const WEEKDAYS = [
  { value: '1', short: 'Mon', long: 'Monday' },
  { value: '2', short: 'Tue', long: 'Tuesday' },
  { value: '3', short: 'Wed', long: 'Wednesday' },
  { value: '4', short: 'Thu', long: 'Thursday' },
  { value: '5', short: 'Fri', long: 'Friday' },
  { value: '6', short: 'Sat', long: 'Saturday' },
  { value: '7', short: 'Sun', long: 'Sunday' },
];

const NOTICE_DAYS = [
  { value: 'next', label: 'about the next working day' },
  { value: 'same', label: 'about the same day' },
];

const MAX_NOTICES = 6;
const MAX_RULES = 30;

interface NoticeRow {
  key: string;
  time: string;
  forDay: 'next' | 'same';
}

interface RuleRow {
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
const newKey = () => `k${Date.now().toString(36)}${(counter++).toString(36)}`;
const newRuleId = () => `r-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

const KNOWN =
  /^(name|address|latitude|longitude|timezone|clientId|workingDays(\.\d+)?|workingHours(\.(start|end))?|startDate|endDate|active|noticeTimes(\.\d+(\.(time|forDay))?)?|rules(\.\d+(\.(metric|op|threshold))?)?|recipients(\.(workerIds|crewIds|notifyClient))?(\.\d+)?)$/;
const shows = (path: string) => KNOWN.test(path);

function allTimezones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

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

function initialValues(
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
    rules: (site?.rules ?? []).map((rule): RuleRow => {
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
    }),
    workerIds: site?.recipients.workerIds ?? [],
    crewIds: site?.recipients.crewIds ?? [],
    notifyClient: site?.recipients.notifyClient ?? false,
  };
}

type Values = ReturnType<typeof initialValues>;

function toInput(values: Values, derived: string | null, units: UnitSystem, site?: Jobsite): JobsiteInput {
  const number = (text: string) =>
    text.trim() === '' ? undefined : Number(text.trim().replace(/\u2212/g, '-'));
  return {
    name: values.name,
    address: values.address,
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
    scenario: site?.scenario ?? null,
    anticipatedWeatherDays: values.anticipated.every((v) => v.trim() === '')
      ? null
      : values.anticipated.map((v) => (v.trim() === '' ? 0 : Number(v.trim()))),
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A jobsite: where it is (coordinates, with the IANA timezone derived live and editable), when work
 * happens, when notices go out, the weather rules that stop work, and who is told. Validated on submit
 * with jobsiteInputSchema, the API's own; the server's field errors land under the same inputs.
 */
export function JobsiteForm({
  jobsite,
  units,
  clientOptions,
  workerOptions,
  crewOptions,
  submitLabel,
  onSubmit,
  onSaved,
  onCancel,
  defaultNoticeTimes,
}: {
  jobsite?: Jobsite;
  /** A new jobsite's notice times: the admins' defaults (/admin/settings); DESIGN §7's without them. */
  defaultNoticeTimes?: readonly NoticeTime[];
  units: UnitSystem;
  clientOptions: Option[];
  workerOptions: Option[];
  crewOptions: Option[];
  submitLabel: string;
  onSubmit: (input: JobsiteInput) => Promise<Jobsite>;
  onSaved: (jobsite: Jobsite) => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(() => initialValues(jobsite, units, defaultNoticeTimes));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<{ message: string; planLimit: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const { ref, focusFirstInvalid } = useFocusFirstInvalid();
  const contrast = useFormContrast();
  const ids = useId();

  const derived = useMemo(
    () => derivedTimezone(values.latitude, values.longitude),
    [values.latitude, values.longitude],
  );
  const timezone = values.timezoneOverride ?? derived;
  const zones = useMemo(() => {
    const list = allTimezones();
    for (const extra of [derived, values.timezoneOverride])
      if (extra && !list.includes(extra)) list.push(extra);
    return list;
  }, [derived, values.timezoneOverride]);

  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const text = (
    key: 'name' | 'address' | 'latitude' | 'longitude' | 'start' | 'end' | 'startDate' | 'endDate',
  ) => ({
    name: key,
    value: values[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key)(e.currentTarget.value),
  });
  const err = (...paths: string[]) => {
    for (const p of paths) {
      const direct = errors[p];
      if (direct) return direct;
      const nested = Object.entries(errors).find(([k]) => k.startsWith(`${p}.`));
      if (nested) return nested[1];
    }
    return undefined;
  };

  const updateNotice = (key: string, patch: Partial<NoticeRow>) =>
    set('noticeTimes')(values.noticeTimes.map((n) => (n.key === key ? { ...n, ...patch } : n)));
  const updateRule = (key: string, patch: Partial<RuleRow>) =>
    set('rules')(values.rules.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  /** Appends a preset's rules (canonical units, stable ids), skipping those already on the jobsite. */
  const addPreset = (id: string) => {
    const preset = getPreset(id);
    if (!preset) return;
    const have = new Set(values.rules.map((r) => r.id));
    const fresh = preset.rules(preset.defaultVariant).filter((r) => !have.has(r.id));
    set('rules')([...values.rules, ...ruleRowsOf(fresh, units)].slice(0, MAX_RULES));
  };
  const presetsUsed = PRESETS.filter((p) => values.rules.some((r) => r.rest.preset === p.id));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = jobsiteInputSchema.safeParse(toInput(values, derived, units, jobsite));
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      setFormError(null);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setFormError(null);
    setSaving(true);
    try {
      const saved = await onSubmit(parsed.data);
      toast.success(`${saved.name} has been saved.`);
      onSaved(saved);
    } catch (error) {
      const result = submitErrors(error, shows);
      setErrors(result.fields);
      setFormError(
        result.form
          ? { message: result.form, planLimit: error instanceof ApiError && error.status === 403 }
          : null,
      );
      focusFirstInvalid();
    } finally {
      setSaving(false);
    }
  };

  const daysError = err('workingDays');
  const noticesError = errors.noticeTimes;
  const rulesError = errors.rules;

  return (
    <form
      ref={ref}
      onSubmit={submit}
      noValidate
      style={contrast}
      aria-label={jobsite ? 'Edit jobsite' : 'New jobsite'}
    >
      <Stack gap="lg" maw={860}>
        {formError ? (
          <Alert color="red" role="alert" title="The jobsite was not saved">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{formError.message}</Text>
              {formError.planLimit ? (
                <Anchor component={Link} to="/subscription" size="sm" fw={600}>
                  See plans and upgrade
                </Anchor>
              ) : null}
            </Stack>
          </Alert>
        ) : null}

        <Fieldset legend="Site" p={{ base: 'xs', xs: 'md' }}>
          <Stack gap="md">
            <TextInput label="Jobsite name" required {...text('name')} error={errors.name} />
            <Select
              label="Client"
              placeholder="No client"
              data={clientOptions}
              value={values.clientId}
              onChange={set('clientId')}
              clearable
              searchable
              nothingFoundMessage="No client by that name"
              error={errors.clientId}
              comboboxProps={{ withinPortal: true }}
            />
            <Textarea label="Address" autosize minRows={2} {...text('address')} error={errors.address} />
            <AddressLookup
              address={values.address}
              onPick={(place) =>
                setValues((v) => ({
                  ...v,
                  latitude: String(place.latitude),
                  longitude: String(place.longitude),
                }))
              }
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput
                label="Latitude"
                required
                inputMode="decimal"
                placeholder="e.g. 41.8781"
                description="Decimal degrees, −90 to 90 (north is positive)"
                {...text('latitude')}
                error={errors.latitude}
              />
              <TextInput
                label="Longitude"
                required
                inputMode="decimal"
                placeholder="e.g. -87.6298"
                description="Decimal degrees, −180 to 180 (east is positive)"
                {...text('longitude')}
                error={errors.longitude}
              />
            </SimpleGrid>
            <Select
              label="Timezone"
              description={
                <span aria-live="polite">
                  {derived
                    ? values.timezoneOverride && values.timezoneOverride !== derived
                      ? `Chosen by hand; the coordinates give ${derived}.`
                      : `Derived from the coordinates: ${derived}.`
                    : 'Derived from the coordinates once both are typed.'}{' '}
                  Notices go out on this clock.
                </span>
              }
              placeholder="From the coordinates"
              data={zones}
              value={timezone}
              onChange={(zone) => set('timezoneOverride')(zone && zone !== derived ? zone : null)}
              searchable
              clearable={!!values.timezoneOverride}
              limit={60}
              nothingFoundMessage="No timezone by that name"
              error={errors.timezone}
              comboboxProps={{ withinPortal: true }}
            />
            {values.timezoneOverride && derived && values.timezoneOverride !== derived ? (
              <Button
                variant="subtle"
                size="compact-sm"
                w="fit-content"
                onClick={() => set('timezoneOverride')(null)}
              >
                Use {derived} (from the coordinates)
              </Button>
            ) : null}
          </Stack>
        </Fieldset>

        <Fieldset legend="Schedule" p={{ base: 'xs', xs: 'md' }}>
          <Stack gap="md">
            <Input.Wrapper
              label="Working days"
              id={`${ids}-days`}
              error={daysError}
              description="Notices are only sent about these days."
            >
              <Group
                gap={6}
                mt={6}
                role="group"
                aria-labelledby={`${ids}-days-label`}
                aria-invalid={daysError ? true : undefined}
                tabIndex={daysError ? -1 : undefined}
              >
                <Chip.Group multiple value={values.workingDays} onChange={set('workingDays')}>
                  {WEEKDAYS.map((d) => (
                    <Chip key={d.value} value={d.value} size="sm" aria-label={d.long}>
                      {d.short}
                    </Chip>
                  ))}
                </Chip.Group>
              </Group>
            </Input.Wrapper>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
              <TextInput
                label="Work starts"
                type="time"
                required
                {...text('start')}
                error={err('workingHours.start')}
              />
              <TextInput
                label="Work ends"
                type="time"
                required
                {...text('end')}
                error={err('workingHours.end', 'workingHours')}
              />
              <TextInput label="Start date" type="date" {...text('startDate')} error={errors.startDate} />
              <TextInput label="End date" type="date" {...text('endDate')} error={errors.endDate} />
            </SimpleGrid>
            <Switch
              label="Active: check the forecast and send notices"
              description="Pause a jobsite between phases without losing its setup."
              name="active"
              checked={values.active}
              onChange={(e) => set('active')(e.currentTarget.checked)}
              error={errors.active}
            />
            <Input.Wrapper
              label="Anticipated weather days per month"
              description="From the contract (the USACE-style baseline); the weather-day ledger counts the days beyond them. Leave empty if none."
              error={err('anticipatedWeatherDays')}
            >
              <SimpleGrid cols={{ base: 4, sm: 6, md: 12 }} spacing="xs" mt={6}>
                {MONTHS.map((month, i) => (
                  <TextInput
                    key={month}
                    label={month}
                    aria-label={`Anticipated weather days in ${month}`}
                    inputMode="numeric"
                    name={`anticipated-${i}`}
                    value={values.anticipated[i]}
                    onChange={(e) => {
                      const next = [...values.anticipated];
                      next[i] = e.currentTarget.value;
                      set('anticipated')(next);
                    }}
                  />
                ))}
              </SimpleGrid>
            </Input.Wrapper>
          </Stack>
        </Fieldset>

        <Fieldset legend="Notice times" p={{ base: 'xs', xs: 'md' }}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              On the jobsite&apos;s clock{timezone ? ` (${timezone})` : ''}, on the quarter hour. By default
              the evening before and early on the day.
            </Text>
            {values.noticeTimes.map((notice, i) => (
              <Group key={notice.key} gap="sm" align="flex-start" wrap="wrap">
                <TextInput
                  label={`Notice ${i + 1} time`}
                  type="time"
                  step={900}
                  value={notice.time}
                  onChange={(e) => updateNotice(notice.key, { time: e.currentTarget.value })}
                  error={err(`noticeTimes.${i}.time`)}
                  w={150}
                />
                <Select
                  label={`Notice ${i + 1} is`}
                  data={NOTICE_DAYS}
                  value={notice.forDay}
                  onChange={(v) => v && updateNotice(notice.key, { forDay: v as NoticeRow['forDay'] })}
                  allowDeselect={false}
                  error={err(`noticeTimes.${i}.forDay`)}
                  style={{ flex: '1 1 14rem' }}
                  comboboxProps={{ withinPortal: true }}
                />
                <Button
                  variant="subtle"
                  color="red"
                  mt={{ base: 0, xs: 25 }}
                  ml={{ base: 'auto', xs: 0 }}
                  onClick={() => set('noticeTimes')(values.noticeTimes.filter((n) => n.key !== notice.key))}
                  aria-label={`Remove notice ${i + 1}`}
                >
                  Remove
                </Button>
              </Group>
            ))}
            {noticesError ? (
              <Text size="sm" c="red.8" role="alert">
                {noticesError}
              </Text>
            ) : null}
            {values.noticeTimes.length < MAX_NOTICES ? (
              <Button
                variant="default"
                w="fit-content"
                onClick={() =>
                  set('noticeTimes')([
                    ...values.noticeTimes,
                    { key: newKey(), time: '06:00', forDay: 'same' },
                  ])
                }
              >
                Add a notice time
              </Button>
            ) : null}
          </Stack>
        </Fieldset>

        <Fieldset legend="Weather rules" p={{ base: 'xs', xs: 'md' }}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Work is delayed when any rule is met during working hours. Thresholds are in{' '}
              {units === 'us' ? 'US units (°F, mph, in)' : 'metric units (°C, km/h, mm)'}, as set in Settings.
            </Text>
            {values.rules.length === 0 ? (
              <Text size="sm">
                No rules yet: without a rule, this jobsite never calls a weather delay. Start from an activity
                preset below, or add a rule of your own.
              </Text>
            ) : null}
            {values.rules.map((rule, i) => {
              const note = ruleNote(rule, units);
              const unit = unitLabel(rule.metric, units, { amount: !!rule.rest.sumHours });
              return (
                <Stack key={rule.key} gap={4} role="group" aria-label={`Rule ${i + 1}`}>
                  {note ? (
                    <Text size="xs" c="dimmed" fw={600}>
                      {note}
                    </Text>
                  ) : null}
                  <Group gap="sm" align="flex-start" wrap="wrap">
                    <Select
                      label={`Rule ${i + 1}: weather`}
                      data={METRIC_OPTIONS}
                      value={rule.metric}
                      onChange={(v) => v && updateRule(rule.key, { metric: v as RuleMetric })}
                      allowDeselect={false}
                      searchable
                      error={err(`rules.${i}.metric`)}
                      style={{ flex: '2 1 14rem' }}
                      comboboxProps={{ withinPortal: true }}
                    />
                    <Select
                      label="Comparison"
                      data={RULE_OPS.map((op) => ({ value: op, label: OP_LABELS[op] }))}
                      value={rule.op}
                      onChange={(v) => v && updateRule(rule.key, { op: v as RuleOp })}
                      allowDeselect={false}
                      error={err(`rules.${i}.op`)}
                      w={160}
                      comboboxProps={{ withinPortal: true }}
                    />
                    <TextInput
                      label="Threshold"
                      inputMode="decimal"
                      value={rule.threshold}
                      onChange={(e) => updateRule(rule.key, { threshold: e.currentTarget.value })}
                      rightSection={
                        <Text size="xs" c="dimmed" pr={6} style={{ whiteSpace: 'nowrap' }}>
                          {unit}
                        </Text>
                      }
                      rightSectionWidth={unit.length > 4 ? 76 : 48}
                      rightSectionPointerEvents="none"
                      error={err(`rules.${i}.threshold`, `rules.${i}`)}
                      w={180}
                    />
                    <Button
                      variant="subtle"
                      color="red"
                      mt={{ base: 0, xs: 25 }}
                      ml={{ base: 'auto', xs: 0 }}
                      onClick={() => set('rules')(values.rules.filter((r) => r.key !== rule.key))}
                      aria-label={`Remove rule ${i + 1}`}
                    >
                      Remove
                    </Button>
                  </Group>
                </Stack>
              );
            })}
            {rulesError ? (
              <Text size="sm" c="red.8" role="alert">
                {rulesError}
              </Text>
            ) : null}
            {values.rules.length < MAX_RULES ? (
              <Group gap="sm" align="flex-end" wrap="wrap">
                <Select
                  label="Add an activity preset"
                  placeholder="Concrete pour, crane, roofing…"
                  data={PRESETS.map((p) => ({ value: p.id, label: p.name }))}
                  value={null}
                  onChange={(id) => id && addPreset(id)}
                  searchable
                  style={{ flex: '1 1 16rem' }}
                  comboboxProps={{ withinPortal: true }}
                />
                <Button
                  variant="default"
                  onClick={() =>
                    set('rules')([
                      ...values.rules,
                      {
                        key: newKey(),
                        id: newRuleId(),
                        metric: 'precipitation',
                        op: '>=',
                        threshold: '',
                        rest: {},
                      },
                    ])
                  }
                >
                  Add a rule
                </Button>
              </Group>
            ) : null}
            {presetsUsed.length > 0 ? (
              <Stack gap={2}>
                {presetsUsed.map((p) => (
                  <Text key={p.id} size="xs" c="dimmed">
                    <strong>{p.name}</strong>: {p.source}.
                  </Text>
                ))}
              </Stack>
            ) : null}
          </Stack>
        </Fieldset>

        <Fieldset legend="Who is notified" p={{ base: 'xs', xs: 'md' }}>
          <Stack gap="md">
            <MultiSelect
              label="Workers"
              placeholder={values.workerIds.length === 0 ? 'Nobody chosen' : undefined}
              data={withMissing(workerOptions, values.workerIds)}
              value={values.workerIds}
              onChange={set('workerIds')}
              searchable
              clearable
              nothingFoundMessage="No worker by that name"
              error={err('recipients.workerIds')}
              comboboxProps={{ withinPortal: true }}
            />
            <MultiSelect
              label="Crews"
              description="Everyone in a chosen crew is notified."
              placeholder={values.crewIds.length === 0 ? 'No crew chosen' : undefined}
              data={withMissing(crewOptions, values.crewIds)}
              value={values.crewIds}
              onChange={set('crewIds')}
              searchable
              clearable
              nothingFoundMessage="No crew by that name"
              error={err('recipients.crewIds')}
              comboboxProps={{ withinPortal: true }}
            />
            <Checkbox
              label="Also notify the client"
              description="Sent to the client's email, when it has one."
              name="notifyClient"
              checked={values.notifyClient}
              onChange={(e) => set('notifyClient')(e.currentTarget.checked)}
              error={err('recipients.notifyClient')}
            />
          </Stack>
        </Fieldset>

        <Group>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

function withoutClear(rest: RuleRow['rest']): RuleRow['rest'] {
  const { clearThreshold: _clear, ...others } = rest;
  return others;
}

function ruleRowsOf(rules: Rule[], units: UnitSystem): RuleRow[] {
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

/** What a preset rule adds to its comparison, in words: a condition, a sum window, a hold, a reminder. */
function ruleNote(row: RuleRow, units: UnitSystem): string | null {
  const parts: string[] = [];
  if (row.rest.label) parts.push(row.rest.label.replace(/^the /, '').replace(/^./, (c) => c.toUpperCase()));
  if (row.rest.kind === 'reminder') parts.push('a reminder, not a delay');
  if (row.rest.sumHours) parts.push(`total over ${row.rest.sumHours} h`);
  if (row.rest.when) {
    const w = row.rest.when;
    parts.push(`only when ${describeRule(w, units).replace(/^./, (c) => c.toLowerCase())}`);
  }
  if (row.rest.holdHours) parts.push(`stays on ${row.rest.holdHours} h after`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** Options plus any chosen id they lack (deleted, or still loading), so a value never vanishes. */
function withMissing(options: Option[], chosen: string[]): Option[] {
  const missing = chosen.filter((id) => !options.some((o) => o.value === id));
  return [...options, ...missing.map((id) => ({ value: id, label: 'Unknown (deleted?)' }))];
}
