import type { ReportData } from '../../../shared/report-data';
import { toCsv } from '../../../shared/csv';
import { ledgerCsv } from '../../core/ledger/ledger';
import { requiredOnFirstUse } from '../required-on-first-use';

/**
 * fflate (~6 ms of tables built at module evaluation) loaded on the first CSV bundle (issue 26 item 8);
 * in the reports Lambda it is bundled apart, beside the bundle (FIRST_USE_PACKAGES).
 */
const fflate = requiredOnFirstUse<typeof import('fflate')>(
  'fflate',
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first use (above)
  () => require('fflate'),
);

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'jobsite';

/**
 * The report's CSV bundle: one zip with a summary of every jobsite, its months, and each jobsite's
 * ledger in the ledger route's own CSV (the same columns as `GET …/ledger.csv`).
 */
export function reportCsvZip(data: ReportData): Uint8Array {
  const { strToU8, zipSync } = fflate();
  const files: Record<string, Uint8Array> = {};
  files['summary.csv'] = strToU8(
    toCsv(
      ['jobsite', 'client', 'from', 'to', 'delay days', 'beyond allowance', 'hours lost'],
      data.jobsites.map((j) => [
        j.ledger.jobsite.name,
        j.client?.name ?? '',
        j.ledger.from,
        j.ledger.to,
        j.ledger.totals.delayDays,
        j.ledger.totals.beyondAllowance,
        j.ledger.totals.hoursLost,
      ]),
    ),
  );
  files['months.csv'] = strToU8(
    toCsv(
      ['jobsite', 'month', 'delay days', 'anticipated', 'beyond allowance', 'hours lost'],
      data.jobsites.flatMap((j) =>
        j.ledger.months.map((m) => [
          j.ledger.jobsite.name,
          m.month,
          m.delayDays,
          m.anticipated,
          m.beyondAllowance,
          m.hoursLost,
        ]),
      ),
    ),
  );
  const used = new Set<string>();
  for (const j of data.jobsites) {
    let name = `ledger-${slug(j.ledger.jobsite.name)}`;
    while (used.has(name)) name += `-${j.ledger.jobsite.id.slice(0, 6)}`;
    used.add(name);
    files[`${name}.csv`] = strToU8(ledgerCsv(j.ledger.days));
  }
  files['ATTRIBUTION.txt'] = strToU8(`${data.attribution.join('\n')}\n`);
  return zipSync(files, { level: 6, mtime: new Date(data.generatedAt) });
}
