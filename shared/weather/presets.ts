import type { Rule, RuleKind, RuleMetric, RuleOp } from './rule';
import { fromDisplay } from './units';

/**
 * The activity presets of DESIGN §1. Each names the public guidance its defaults come from (shown in
 * the UI) and gives its rules in canonical metric units: thresholds written in the guidance's own
 * units are converted exactly (30 mph → 48.28032 km/h) by the same `fromDisplay` the UI uses, so
 * a value entered as 30 mph compares equal to the preset's threshold. Rule ids are stable: stored
 * jobsite rules and decisions refer to them.
 */
export const PRESET_IDS = [
  'general',
  'concrete',
  'crane',
  'roofing',
  'masonry',
  'asphalt',
  'painting',
  'lightning',
  'heat',
  'cold',
  'stormwater',
] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export interface PresetVariant {
  id: string;
  name: string;
}

export interface ActivityPreset {
  id: PresetId;
  name: string;
  /** The public guidance the defaults come from, shown in the UI. */
  source: string;
  description: string;
  /** What the preset does not catch, said when it is picked ("No wind rule: add Crane if you lift"). */
  misses: string;
  /** `reminder` when every rule of the preset is informational (stormwater). */
  kind: RuleKind;
  /** Presets with a parameter (asphalt: lift thickness) list their variants. */
  variants?: readonly PresetVariant[];
  defaultVariant?: string;
  /** The preset's rules, canonical units; `variant` picks a variant where the preset has any. */
  rules(variant?: string): Rule[];
}

interface RuleSpec {
  id: string;
  metric: RuleMetric;
  op: RuleOp;
  /** In US customary units, as the guidance states it. */
  us: number;
  label: string;
  kind?: RuleKind;
  sumHours?: number;
  holdHours?: number;
  when?: { metric: RuleMetric; op: RuleOp; us: number };
}

function rule(preset: PresetId, spec: RuleSpec): Rule {
  const r: Rule = {
    id: spec.id,
    metric: spec.metric,
    op: spec.op,
    threshold: fromDisplay(spec.metric, spec.us, 'us'),
    preset,
    label: spec.label,
  };
  if (spec.kind) r.kind = spec.kind;
  if (spec.sumHours) r.sumHours = spec.sumHours;
  if (spec.holdHours) r.holdHours = spec.holdHours;
  if (spec.when) {
    r.when = {
      metric: spec.when.metric,
      op: spec.when.op,
      threshold: fromDisplay(spec.when.metric, spec.when.us, 'us'),
    };
  }
  return r;
}

/** Asphalt: minimum air temperature by compacted lift thickness (°F), "and rising" for the thickest. */
const ASPHALT_LIFTS = [
  { id: 'lift-1in', name: '1 in or less', minF: 55 },
  { id: 'lift-2in', name: '1.1 to 2 in', minF: 45 },
  { id: 'lift-3in', name: '2.1 to 3 in', minF: 40 },
  { id: 'lift-4in', name: '3.1 to 4 in', minF: 35 },
  { id: 'lift-8in', name: '4.1 to 8 in', minF: 32 },
] as const;

function preset(
  p: Omit<ActivityPreset, 'rules' | 'kind'> & { kind?: RuleKind; specs: (variant?: string) => RuleSpec[] },
): ActivityPreset {
  const { specs, ...rest } = p;
  return { kind: 'delay', ...rest, rules: (variant) => specs(variant).map((s) => rule(p.id, s)) };
}

export const PRESETS: readonly ActivityPreset[] = [
  preset({
    id: 'general',
    name: 'General / rain',
    source: 'NWS glossary: rain heavier than light (0.10 in/h); 60% chance as a common call threshold',
    description: 'Rain of 0.10 in/h or more, or a 60% chance of precipitation, in working hours.',
    misses: 'No temperature, wind or lightning rule: add Crane, Cold, Heat or Lightning as the work needs.',
    specs: () => [
      { id: 'rain-rate', metric: 'precipitation', op: '>=', us: 0.1, label: 'the rain limit' },
      {
        id: 'rain-chance',
        metric: 'precipitation_probability',
        op: '>=',
        us: 60,
        label: 'the rain-chance limit',
      },
    ],
  }),
  preset({
    id: 'concrete',
    name: 'Concrete pour',
    source:
      'ACI 306R-16 Guide to Cold Weather Concreting; ACI 305R-20 Guide to Hot Weather Concreting; ' +
      'ACI 304R-00 (protect fresh concrete from rain); NWS: measurable rain is 0.01 in or more',
    description:
      'Cold weather at or below 40 °F; hot weather at or above 90 °F, or an evaporation rate of ' +
      '0.2 lb/ft²/h or more (plastic shrinkage cracking; concrete assumed at air temperature); any ' +
      'measurable rain (0.01 in/h) in the pour window, which washes out the surface.',
    misses: 'No wind rule: add Crane if you lift. No lightning rule: add Lightning for crews in the open.',
    specs: () => [
      { id: 'concrete-cold', metric: 'temperature', op: '<=', us: 40, label: 'the cold-concrete limit' },
      { id: 'concrete-hot', metric: 'temperature', op: '>=', us: 90, label: 'the hot-concrete limit' },
      {
        id: 'concrete-evaporation',
        metric: 'evaporation_rate',
        op: '>=',
        us: 0.2,
        label: 'the ACI 305 evaporation limit',
      },
      { id: 'concrete-rain', metric: 'precipitation', op: '>=', us: 0.01, label: 'the dry-pour limit' },
    ],
  }),
  preset({
    id: 'crane',
    name: 'Crane / lifting',
    source:
      "Crane manufacturer's wind chart governs (edit to match it); OSHA 29 CFR 1926.1431 stops " +
      'personnel lifts above 20 mph',
    description: 'Sustained wind of 20 mph or more, or gusts of 30 mph or more.',
    misses: 'No rain rule: add General / rain if rain stops the work. No lightning rule: add Lightning.',
    specs: () => [
      { id: 'crane-wind', metric: 'wind_speed', op: '>=', us: 20, label: 'the crane limit' },
      { id: 'crane-gusts', metric: 'wind_gusts', op: '>=', us: 30, label: 'the crane limit' },
    ],
  }),
  preset({
    id: 'roofing',
    name: 'Roofing',
    source: "NRCA guidance and roofing manufacturers' installation instructions",
    description: 'Air below 40 °F, any precipitation, or sustained wind of 25 mph or more.',
    misses:
      'No lightning rule: add Lightning for crews on the roof. Gusts are not checked: add Crane if you hoist.',
    specs: () => [
      { id: 'roofing-cold', metric: 'temperature', op: '<', us: 40, label: 'the roofing limit' },
      { id: 'roofing-wet', metric: 'precipitation', op: '>', us: 0, label: 'the dry-roof limit' },
      { id: 'roofing-wind', metric: 'wind_speed', op: '>=', us: 25, label: 'the roofing wind limit' },
    ],
  }),
  preset({
    id: 'masonry',
    name: 'Masonry',
    source:
      'TMS 602 Specification for Masonry Structures: cold- and hot-weather construction, and covering ' +
      'new work from rain; NWS: measurable rain is 0.01 in or more',
    description:
      'Air below 40 °F; above 100 °F, or above 90 °F with wind over 8 mph; any measurable rain ' +
      '(0.01 in/h), which washes mortar out of fresh joints.',
    misses: 'No high-wind rule for scaffolds or lifts: add Crane if you hoist. No lightning rule.',
    specs: () => [
      { id: 'masonry-cold', metric: 'temperature', op: '<', us: 40, label: 'the cold-weather masonry limit' },
      { id: 'masonry-hot', metric: 'temperature', op: '>', us: 100, label: 'the hot-weather masonry limit' },
      {
        id: 'masonry-hot-wind',
        metric: 'wind_speed',
        op: '>',
        us: 8,
        label: 'the hot-weather masonry limit',
        when: { metric: 'temperature', op: '>', us: 90 },
      },
      { id: 'masonry-rain', metric: 'precipitation', op: '>=', us: 0.01, label: 'the dry-masonry limit' },
    ],
  }),
  preset({
    id: 'asphalt',
    name: 'Asphalt paving',
    source: 'State DOT placement temperatures by lift thickness (e.g. Georgia DOT Section 400)',
    description:
      'Air below the minimum for the lift thickness (1 in or less: 55 °F … 4.1 to 8 in: 32 °F and ' +
      'rising), or any rain.',
    misses: 'No wind rule (wind cools the mat faster): lower the minimum or add a rule. No lightning rule.',
    variants: ASPHALT_LIFTS.map(({ id, name }) => ({ id, name })),
    defaultVariant: 'lift-2in',
    specs: (variant = 'lift-2in') => {
      const lift = ASPHALT_LIFTS.find((l) => l.id === variant);
      if (!lift) throw new RangeError(`Unknown asphalt lift: ${variant}`);
      return [
        {
          id: 'asphalt-cold',
          metric: 'temperature',
          op: '<',
          us: lift.minF,
          label: `the paving minimum for a ${lift.name} lift`,
        },
        { id: 'asphalt-rain', metric: 'precipitation', op: '>', us: 0, label: 'the dry-paving limit' },
      ];
    },
  }),
  preset({
    id: 'painting',
    name: 'Painting / coatings',
    source: "SSPC-PA 1 (surface at least 5 °F above the dew point); the coating's data sheet governs",
    description:
      'Air (taken as the surface temperature) within 5 °F of the dew point, or humidity of 85% or more.',
    misses:
      "No rain rule: add General / rain for outdoor work. No temperature minimum: check the coating's data sheet.",
    specs: () => [
      {
        id: 'coating-dew-point',
        metric: 'dew_point_spread',
        op: '<',
        us: 5,
        label: 'the coatings dew-point margin',
      },
      {
        id: 'coating-humidity',
        metric: 'relative_humidity',
        op: '>=',
        us: 85,
        label: 'the coatings humidity limit',
      },
    ],
  }),
  preset({
    id: 'lightning',
    name: 'Lightning',
    source: 'NOAA/NWS lightning safety: wait 30 minutes after the last thunder',
    description:
      'A thunderstorm forecast (weather codes 95–99, model estimates). The all-clear comes 30 minutes ' +
      'after the last thunder, so the hour after a storm hour counts too.',
    misses: 'Only thunderstorms: add General / rain for rain, Crane for wind.',
    specs: () => [
      {
        id: 'lightning',
        metric: 'weather_code',
        op: '>=',
        us: 95,
        holdHours: 1,
        label: 'the lightning rule (all-clear 30 min after the last thunder)',
      },
    ],
  }),
  preset({
    id: 'heat',
    name: 'Heat',
    source: 'OSHA heat index risk levels (91 / 103 / 115 °F); NWS heat index',
    description:
      'Heat index of 91 °F (moderate risk) and 103 °F (high risk) remind the crew of water, rest and ' +
      'shade; 115 °F (very high to extreme) stops work.',
    misses: 'Only heat: no rain, wind or lightning rule.',
    specs: () => [
      {
        id: 'heat-caution',
        metric: 'heat_index',
        op: '>=',
        us: 91,
        kind: 'reminder',
        label: 'the heat caution level',
      },
      {
        id: 'heat-high',
        metric: 'heat_index',
        op: '>=',
        us: 103,
        kind: 'reminder',
        label: 'the high-heat level',
      },
      { id: 'heat-extreme', metric: 'heat_index', op: '>=', us: 115, label: 'the extreme-heat limit' },
    ],
  }),
  preset({
    id: 'cold',
    name: 'Cold',
    source: 'NWS wind chill chart (2001 formula)',
    description: 'Wind chill of 0 °F or below.',
    misses: 'Only cold: no rain, wind or lightning rule.',
    specs: () => [
      { id: 'cold-wind-chill', metric: 'wind_chill', op: '<=', us: 0, label: 'the wind-chill limit' },
    ],
  }),
  preset({
    id: 'stormwater',
    name: 'Stormwater',
    source: 'EPA Construction General Permit: inspect within 24 h of a 0.25 in storm',
    description: 'A reminder, not a delay: 0.25 in of rain or more within 24 hours calls for an inspection.',
    misses: 'Never delays work: add General / rain for that.',
    kind: 'reminder',
    specs: () => [
      {
        id: 'stormwater-24h',
        metric: 'precipitation',
        op: '>=',
        us: 0.25,
        sumHours: 24,
        kind: 'reminder',
        label: 'the stormwater inspection trigger',
      },
    ],
  }),
];

const BY_ID = new Map(PRESETS.map((p) => [p.id, p]));

export function getPreset(id: string): ActivityPreset | undefined {
  return BY_ID.get(id as PresetId);
}

/**
 * Whether any rule delays work for rain (rate, chance or amount): a jobsite without one says so, as
 * a crane or cold preset alone would never call a rain delay, even in Seattle.
 */
export function hasRainRule(rules: readonly Pick<Rule, 'metric' | 'kind'>[]): boolean {
  return rules.some(
    (r) =>
      r.kind !== 'reminder' && (r.metric === 'precipitation' || r.metric === 'precipitation_probability'),
  );
}

/** What a jobsite without a rain rule shows on its page and in its form. */
export const NO_RAIN_RULE_MESSAGE =
  'No rain rule: this jobsite never calls a delay for rain. Add General / rain, or a rain rule of your own.';

/** The rules of several presets, e.g. a jobsite's choice; throws on an unknown preset. */
export function presetRules(ids: readonly string[]): Rule[] {
  return ids.flatMap((id) => {
    const p = getPreset(id);
    if (!p) throw new RangeError(`Unknown preset: ${id}`);
    return p.rules();
  });
}
