/**
 * SMS segment counting (issue 26 item 5): `measureSms` (shared/sms-segments.ts, the library only for
 * texts whose grapheme clusters matter) against sms-segments-calculator alone, the baseline, in the
 * same run, on notice texts as the dispatch composes them (GSM-7, one and two segments, a few UCS-2
 * names). Checks both give the same answer for every text, then times each over the same texts.
 *
 *   npx tsx bench/sms-segments.ts [--texts 2000] [--rounds 5]
 */
import { performance } from 'node:perf_hooks';
import { SegmentedMessage } from 'sms-segments-calculator';
import { countSmsSegments } from '../shared/sms-segments';
import { composeNoticeText, measureSms } from '../shared/sms-text';
import { prng } from './seeded-random';
import { numberOption } from './number-option';

const TEXTS = numberOption('texts', 2000);
const ROUNDS = numberOption('rounds', 5);

const random = prng(26);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const COMPANIES = [
  'Acme Builders',
  'Northside Concrete LLC',
  'Zoë’s Roofing',
  'Brightline Framing & Drywall',
  '東京建設',
];
const SITES = [
  'Maple St duplex',
  'Riverside Medical Center – Phase 2',
  'Lot 14',
  'Warehouse #3 {north}',
  'Café renovation',
];
const REASONS = [
  'Rain 0.4 in between 7 AM and 11 AM',
  'Wind gusts 38 mph from 9 AM',
  'Heat index 104°F after noon',
  'Thunderstorm warning in effect until 2 PM 🌩',
];

const texts = Array.from({ length: TEXTS }, (_, i) => {
  const { body } = composeNoticeText({
    kind: pick(['notice', 'update', 'allClear'] as const),
    company: pick(COMPANIES),
    jobsiteName: pick(SITES),
    workDate: '2026-11-30',
    judgement: { verdict: pick(['full', 'partial'] as const), rules: [{ reason: pick(REASONS) }] } as never,
    detailsUrl: `https://rc.example/n/${(1e6 + i).toString(36)}`,
    ...(i % 3 === 0 ? { replyLine: 'Foreman: reply YES to confirm.' } : {}),
  });
  return i % 10 === 0 ? `${body} ${pick(REASONS)}` : body;
});

const library = (body: string) => {
  const m = new SegmentedMessage(body, 'auto');
  return { segments: m.segmentsCount, encoding: m.encodingName };
};

for (const body of texts) {
  const ours = measureSms(body);
  const theirs = library(body);
  if (ours.segments !== theirs.segments || ours.encoding !== theirs.encoding)
    throw new Error(`Different answers for ${JSON.stringify(body)}: ${JSON.stringify({ ours, theirs })}`);
}

function timed(measure: (body: string) => unknown): number {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = performance.now();
    for (const body of texts) measure(body);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]! / texts.length;
}

const baselineMs = timed(library);
const oursMs = timed(measureSms);
const share = (pred: (s: { segments: number; encoding: string }) => boolean) =>
  texts.filter((t) => pred(library(t))).length;
console.log(
  `${TEXTS} notice texts (${share((s) => s.encoding === 'UCS-2')} UCS-2, ${share((s) => s.segments > 1)} of 2+ segments, ${texts.filter((t) => !countSmsSegments(t)).length} left to the library), same answers; median of ${ROUNDS} rounds:`,
);
console.log(`| counter | µs per text | × |`);
console.log(`|---|---:|---:|`);
console.log(`| sms-segments-calculator (baseline) | ${(baselineMs * 1000).toFixed(1)} | 1.0 |`);
console.log(`| measureSms | ${(oursMs * 1000).toFixed(1)} | ${(baselineMs / oursMs).toFixed(0)}× faster |`);
console.log(
  JSON.stringify({
    bench: 'sms-segments',
    texts: TEXTS,
    baselineUsPerText: baselineMs * 1000,
    usPerText: oursMs * 1000,
  }),
);
