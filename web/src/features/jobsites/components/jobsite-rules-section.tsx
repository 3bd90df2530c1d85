import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UnitSystem } from '../../../../../shared/account';
import { NO_RAIN_RULE_MESSAGE, PRESETS, getPreset, hasRainRule } from '../../../../../shared/weather/presets';
import { RULE_OPS } from '../../../../../shared/weather/rule';
import { unitLabel } from '../../../../../shared/weather/units';
import { FormSection } from '../../../components/records/record-form';
import { describeRule, METRIC_OPTIONS, OP_LABELS } from '../rule-units';
import { newKey, newRuleId, ruleRowsOf, type RuleRow, type SectionProps } from './jobsite-form-values';
import { ChoiceSelect } from '../../../components/form-fields';
import { RemoveRowButton } from './remove-row-button';

const MAX_RULES = 30;
const OPS = RULE_OPS.map((op) => ({ value: op, label: OP_LABELS[op] }));
const capital = (text: string) => text.replace(/^./, (c) => c.toUpperCase());

/** What a preset rule adds to its comparison, in words: a condition, a sum window, a hold, a reminder. */
function ruleNote(row: RuleRow, units: UnitSystem): string | null {
  const parts: string[] = [];
  if (row.rest.label) parts.push(capital(row.rest.label.replace(/^the /, '')));
  if (row.rest.kind === 'reminder') parts.push('a reminder, not a delay');
  if (row.rest.sumHours) parts.push(`total over ${row.rest.sumHours} h`);
  if (row.rest.when)
    parts.push(`only when ${describeRule(row.rest.when, units).replace(/^./, (c) => c.toLowerCase())}`);
  if (row.rest.holdHours) parts.push(`stays on ${row.rest.holdHours} h after`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** One rule: weather, comparison, threshold in the account's units, and its remove button. */
function RuleFields({
  form,
  rule,
  i,
  units,
}: {
  form: SectionProps;
  rule: RuleRow;
  i: number;
  units: UnitSystem;
}) {
  const { values, set, err } = form;
  const update = (patch: Partial<RuleRow>) =>
    set('rules')(values.rules.map((r) => (r.key === rule.key ? { ...r, ...patch } : r)));
  const note = ruleNote(rule, units);
  const unit = unitLabel(rule.metric, units, { amount: !!rule.rest.sumHours });
  return (
    <Stack gap={4} role="group" aria-label={`Rule ${i + 1}`}>
      {note ? (
        <Text size="xs" c="dimmed" fw={600}>
          {note}
        </Text>
      ) : null}
      <Group gap="sm" align="flex-start" wrap="wrap">
        <ChoiceSelect
          label={`Rule ${i + 1}: weather`}
          data={METRIC_OPTIONS}
          value={rule.metric}
          onValueChange={(v) => update({ metric: v })}
          searchable
          error={err(`rules.${i}.metric`)}
          style={{ flex: '2 1 14rem' }}
          comboboxProps={{ withinPortal: true }}
        />
        <ChoiceSelect
          label="Comparison"
          data={OPS}
          value={rule.op}
          onValueChange={(v) => update({ op: v })}
          error={err(`rules.${i}.op`)}
          w={160}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Threshold"
          inputMode="decimal"
          value={rule.threshold}
          onChange={(e) => update({ threshold: e.currentTarget.value })}
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
        <RemoveRowButton
          label={`Remove rule ${i + 1}`}
          onRemove={() => set('rules')(values.rules.filter((r) => r.key !== rule.key))}
        />
      </Group>
    </Stack>
  );
}

/** The weather rules that stop work, added one by one or from an activity preset (which names its source). */
export function JobsiteRulesSection({ form, units }: { form: SectionProps; units: UnitSystem }) {
  const { values, set, errors } = form;
  /** Appends a preset's rules (canonical units, stable ids), skipping those already on the jobsite. */
  const addPreset = (id: string) => {
    const preset = getPreset(id);
    if (!preset) return;
    const have = new Set(values.rules.map((r) => r.id));
    const fresh = preset.rules(preset.defaultVariant).filter((r) => !have.has(r.id));
    set('rules')([...values.rules, ...ruleRowsOf(fresh, units)].slice(0, MAX_RULES));
  };
  const addRule = () =>
    set('rules')([
      ...values.rules,
      { key: newKey(), id: newRuleId(), metric: 'precipitation', op: '>=', threshold: '', rest: {} },
    ]);
  const presetsUsed = PRESETS.filter((p) => values.rules.some((r) => r.rest.preset === p.id));

  return (
    <FormSection legend="Weather rules">
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
        {values.rules.map((rule, i) => (
          <RuleFields key={rule.key} form={form} rule={rule} i={i} units={units} />
        ))}
        {errors.rules ? (
          <Text size="sm" c="red.8" role="alert">
            {errors.rules}
          </Text>
        ) : null}
        {values.rules.length < MAX_RULES ? (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label="Add an activity preset"
              placeholder="Concrete pour, crane, roofing…"
              data={PRESETS.map((p) => ({ value: p.id, label: p.name }))}
              renderOption={({ option }) => {
                const p = getPreset(option.value)!;
                return (
                  <div>
                    <Text size="sm" fw={600}>
                      {p.name}
                    </Text>
                    {/* Seen while choosing; the option's name stays the preset's (read out once picked). */}
                    <Text size="xs" c="dimmed" aria-hidden="true">
                      {p.description}
                    </Text>
                  </div>
                );
              }}
              value={null}
              onChange={(id) => id && addPreset(id)}
              searchable
              style={{ flex: '1 1 16rem' }}
              comboboxProps={{ withinPortal: true }}
            />
            <Button variant="default" onClick={addRule}>
              Add a rule
            </Button>
          </Group>
        ) : null}
        {values.rules.length > 0 &&
        !hasRainRule(values.rules.map((r) => ({ metric: r.metric, kind: r.rest.kind }))) ? (
          <Text size="sm" c="orange.8" role="status">
            {NO_RAIN_RULE_MESSAGE}
          </Text>
        ) : null}
        {presetsUsed.length > 0 ? (
          <Stack gap="xs" aria-label="Presets in use">
            {presetsUsed.map((p) => (
              <div key={p.id}>
                <Text size="sm">
                  <strong>{p.name}</strong> catches: {p.description}
                </Text>
                <Text size="sm">{p.misses}</Text>
                <Text size="xs" c="dimmed">
                  Source: {p.source}.
                </Text>
              </div>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </FormSection>
  );
}
