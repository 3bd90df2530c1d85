import fs from 'node:fs';
import path from 'node:path';
import type { ReportData, ReportJobsite } from '../../../shared/report-data';
import { needsContents, REPORT_SECTION_LABELS } from '../../../shared/reports';
import type { ReportRenderer } from '../../core/reports/reports.ports';
import { requiredOnFirstUse } from '../required-on-first-use';
import { reportCsvZip } from './report-csv.zip';

/**
 * pdfkit (with fontkit, brotli and its ciphers: ~75 ms of module evaluation) loaded on the first PDF,
 * not with the reports Lambda's module graph (issue 26 item 8). In the reports Lambda pdfkit's CommonJS
 * build is bundled apart, beside the bundle, where this literal `require` finds it: not even parsed at
 * load (FIRST_USE_PACKAGES in infra/bundling/lambda-bundling.ts says why that build).
 */
const pdfkit = requiredOnFirstUse<typeof import('pdfkit')>(
  'pdfkit',
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first use (above)
  () => require('pdfkit'),
);

/**
 * The report as a PDF, drawn with pdfkit: a cover with the totals, a table of contents for long
 * reports, then each jobsite's sections (tables, and the delay days per month as a vector bar chart),
 * page numbers and the providers' attribution on every page. The font is DejaVu Sans, embedded: pdfkit's
 * standard fonts are not found once bundled (ECOSYSTEM-NOTES "PDF"); the reports Lambda ships the
 * fonts folder beside its bundle, as it sits beside this file in the repository.
 */
/** Where the fonts are: beside the bundle in the Lambda, beside this file in the repository. */
export const REPOSITORY_FONTS_DIR = 'lambdas/adapters/pdf/fonts';

const MARGIN = 50;
const INK = '#1a1b1e';
const MUTED = '#5c5f66';
const ACCENT = '#1c7ed6';
const VERDICT: Record<string, string> = { none: 'Clear', partial: 'Partial delay', full: 'Full-day delay' };
const OBSERVED: Record<string, string> = {
  confirmed: 'Confirmed',
  'not-confirmed': 'Not confirmed',
  pending: 'Pending',
  unavailable: 'Unavailable',
};

type Doc = PDFKit.PDFDocument;

export class PdfkitReportRenderer implements ReportRenderer {
  private fonts: { regular: Buffer; bold: Buffer } | null = null;

  /** `fontsDir`: the folder holding DejaVuSans.ttf and DejaVuSans-Bold.ttf (read on the first PDF). */
  constructor(private readonly fontsDir: string) {}

  private loadFonts() {
    return (this.fonts ??= {
      regular: fs.readFileSync(path.join(this.fontsDir, 'DejaVuSans.ttf')),
      bold: fs.readFileSync(path.join(this.fontsDir, 'DejaVuSans-Bold.ttf')),
    });
  }

  async csvZip(data: ReportData): Promise<Uint8Array> {
    return reportCsvZip(data);
  }

  async pdf(data: ReportData): Promise<Uint8Array> {
    const { regular, bold } = this.loadFonts();
    const PDFDocument = pdfkit();
    const doc = new PDFDocument({
      size: 'LETTER',
      margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: { Title: data.title, Creator: 'Raincheck', Producer: 'Raincheck (pdfkit)' },
      // The embedded font from the start: pdfkit would otherwise load Helvetica's metrics from disk.
      font: regular as unknown as string,
    });
    doc.registerFont('Body', regular);
    doc.registerFont('Bold', bold);
    doc.font('Body');
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<void>((resolve, reject) => {
      doc.on('end', () => resolve());
      doc.on('error', reject);
    });

    cover(doc, data);
    const days = Math.max(0, ...data.jobsites.map((j) => j.ledger.days.length));
    const span = Math.max(0, ...data.jobsites.map((j) => spanDays(j.ledger.from, j.ledger.to)));
    const withContents = needsContents(Math.max(days, span), data.jobsites.length);
    let contentsPage = -1;
    if (withContents) {
      doc.addPage();
      contentsPage = doc.bufferedPageRange().count - 1;
    }
    const starts: { name: string; page: number }[] = [];
    for (const j of data.jobsites) {
      doc.addPage();
      starts.push({ name: j.ledger.jobsite.name, page: doc.bufferedPageRange().count - 1 });
      jobsiteSections(doc, j, data);
    }
    if (withContents) {
      doc.switchToPage(contentsPage);
      doc.font('Bold').fontSize(16).fillColor(INK).text('Contents', MARGIN, MARGIN);
      doc.moveDown(0.5).font('Body').fontSize(10);
      for (const s of starts) {
        const y = doc.y;
        doc.fillColor(INK).text(s.name, MARGIN, y, { width: 400 });
        doc.text(String(s.page + 1), MARGIN, y, { width: pageWidth(doc), align: 'right' });
        doc.moveDown(0.3);
      }
    }
    footers(doc, data);
    doc.end();
    await done;
    return new Uint8Array(Buffer.concat(chunks));
  }
}

const pageWidth = (doc: Doc) => doc.page.width - MARGIN * 2;
const spanDays = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

function cover(doc: Doc, data: ReportData) {
  doc
    .font('Bold')
    .fontSize(22)
    .fillColor(INK)
    .text(data.title, { width: pageWidth(doc) });
  doc.moveDown(0.3).font('Body').fontSize(10).fillColor(MUTED);
  doc.text(
    `Weather-day report generated ${data.generatedAt.slice(0, 16).replace('T', ' ')} UTC by Raincheck`,
  );
  doc.moveDown(1).fillColor(INK).fontSize(12).font('Bold').text('Totals');
  doc.font('Body').fontSize(11);
  const t = data.totals;
  doc.text(`Jobsites: ${data.jobsites.length}`);
  doc.text(`Delay days: ${t.delayDays}`);
  doc.text(`Beyond the allowance: ${t.beyondAllowance}`);
  doc.text(`Hours lost: ${t.hoursLost}`);
  doc.text(`Notice emails sent: ${t.notified}`);
  doc.text(
    `Delay days confirmed by observation: ${t.observedConfirmed} of ${t.observedJudged} observed` +
      (t.observedJudged ? ` (${Math.round((t.observedConfirmed / t.observedJudged) * 100)}%)` : ''),
  );
  doc.moveDown(1).font('Bold').fontSize(12).text('Jobsites and ranges');
  doc.font('Body').fontSize(10);
  for (const j of data.jobsites)
    doc.text(
      `${j.ledger.jobsite.name}${j.client ? ` (${j.client.name})` : ''}: ${j.ledger.from} to ${j.ledger.to}, ` +
        `${j.ledger.totals.delayDays} delay days, ${j.ledger.totals.hoursLost} hours lost`,
    );
  doc.moveDown(1).font('Bold').fontSize(12).text('Sections');
  doc
    .font('Body')
    .fontSize(10)
    .text(data.sections.map((s) => REPORT_SECTION_LABELS[s]).join('; '));
}

function heading(doc: Doc, text: string, size = 13) {
  ensureRoom(doc, 60);
  doc
    .moveDown(0.6)
    .font('Bold')
    .fontSize(size)
    .fillColor(INK)
    .text(text, MARGIN, doc.y, { width: pageWidth(doc) });
  doc.moveDown(0.3).font('Body').fontSize(9);
}

function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** A plain table: a bold header row, then rows; starts a new page (header repeated) when full. */
function table(doc: Doc, headers: string[], widths: number[], rows: string[][]) {
  const total = widths.reduce((s, w) => s + w, 0);
  const scale = pageWidth(doc) / total;
  const cols = widths.map((w) => w * scale);
  const row = (cells: string[], font: string) => {
    doc.font(font).fontSize(8.5);
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: cols[i]! - 6 }))) + 6;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (font !== 'Bold') row(headers, 'Bold');
      doc.font(font).fontSize(8.5);
    }
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((c, i) => {
      doc.fillColor(INK).text(c, x + 3, y + 3, { width: cols[i]! - 6 });
      x += cols[i]!;
    });
    doc
      .moveTo(MARGIN, y + h)
      .lineTo(MARGIN + pageWidth(doc), y + h)
      .lineWidth(0.5)
      .strokeColor('#ced4da')
      .stroke();
    doc.x = MARGIN;
    doc.y = y + h;
  };
  row(headers, 'Bold');
  for (const r of rows) row(r, 'Body');
  doc.moveDown(0.5);
}

/** Delay days per month as vector bars, the allowance as a dashed line per month. */
function monthChart(doc: Doc, j: ReportJobsite) {
  const months = j.ledger.months;
  if (months.length === 0) return;
  const height = 110;
  ensureRoom(doc, height + 30);
  const top = doc.y + 5;
  const left = MARGIN + 25;
  const width = pageWidth(doc) - 25;
  const max = Math.max(1, ...months.map((m) => Math.max(m.delayDays, m.anticipated)));
  const slot = width / months.length;
  const barW = Math.min(40, slot * 0.6);
  doc
    .lineWidth(0.5)
    .strokeColor(MUTED)
    .moveTo(left, top)
    .lineTo(left, top + height)
    .lineTo(left + width, top + height)
    .stroke();
  doc
    .font('Body')
    .fontSize(7)
    .fillColor(MUTED)
    .text(String(max), MARGIN, top - 3, { width: 20, align: 'right' });
  doc.text('0', MARGIN, top + height - 4, { width: 20, align: 'right' });
  months.forEach((m, i) => {
    const x = left + i * slot + (slot - barW) / 2;
    const h = (m.delayDays / max) * height;
    doc
      .rect(x, top + height - h, barW, h)
      .fillColor(m.beyondAllowance > 0 ? '#e03131' : ACCENT)
      .fill();
    const ay = top + height - (m.anticipated / max) * height;
    doc
      .moveTo(x - 4, ay)
      .lineTo(x + barW + 4, ay)
      .dash(2, { space: 2 })
      .strokeColor(INK)
      .stroke()
      .undash();
    doc
      .fillColor(MUTED)
      .fontSize(7)
      .text(m.month, left + i * slot, top + height + 3, { width: slot, align: 'center' });
  });
  doc.x = MARGIN;
  doc.y = top + height + 16;
  doc
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(
      'Bars: delay days per month (red: beyond the allowance). Dashed: anticipated weather days.',
      MARGIN,
    );
  doc.moveDown(0.5);
}

function jobsiteSections(doc: Doc, j: ReportJobsite, data: ReportData) {
  const l = j.ledger;
  doc
    .font('Bold')
    .fontSize(17)
    .fillColor(INK)
    .text(l.jobsite.name, MARGIN, MARGIN, { width: pageWidth(doc) });
  doc.font('Body').fontSize(9.5).fillColor(MUTED);
  doc.text(
    [j.client ? `Client: ${j.client.name}` : null, j.address, `${l.from} to ${l.to} (${l.jobsite.timezone})`]
      .filter(Boolean)
      .join(' · '),
  );
  doc
    .fillColor(INK)
    .text(
      `Delay days ${l.totals.delayDays} · beyond the allowance ${l.totals.beyondAllowance} · hours lost ${l.totals.hoursLost}`,
    );
  const sections = new Set(data.sections);
  if (sections.has('allowance')) {
    heading(doc, 'Delay days against the allowance');
    monthChart(doc, j);
    table(
      doc,
      ['Month', 'Delay days', 'Anticipated', 'Beyond', 'Hours lost'],
      [2, 1, 1, 1, 1],
      l.months.map((m) => [
        m.month,
        String(m.delayDays),
        String(m.anticipated),
        String(m.beyondAllowance),
        String(m.hoursLost),
      ]),
    );
  }
  if (sections.has('ledger')) {
    heading(doc, 'Weather-day ledger, forecast and observed');
    if (l.days.length === 0) doc.text('No decided working day in the range.');
    else
      table(
        doc,
        ['Date', 'Forecast call', 'Hours lost', 'Observed', 'Counts', 'Marked'],
        [1.3, 1.4, 0.9, 1.2, 1.4, 1.2],
        l.days.map((d) => [
          d.date,
          VERDICT[d.verdict] ?? d.verdict,
          String(d.hoursLost),
          d.observed ? OBSERVED[d.observed]! : '',
          d.holiday
            ? `No (${d.holiday})`
            : d.beyondAllowance
              ? 'Beyond allowance'
              : d.delayDay
                ? 'Within allowance'
                : 'No',
          d.worked === null ? '' : d.worked ? 'Worked' : 'Not worked',
        ]),
      );
  }
  if (sections.has('hours-lost')) {
    heading(doc, 'Hours lost');
    doc.text(`${l.totals.hoursLost} hours lost on ${l.totals.delayDays} delay days.`);
  }
  if (sections.has('notices')) {
    heading(doc, 'Notices sent');
    const told = l.days.filter((d) => (d.notified ?? 0) + (d.texted ?? 0) > 0);
    if (told.length === 0) doc.text('No notice was sent about these days.');
    else
      table(
        doc,
        ['Date', 'Emails', 'Texts'],
        [1, 1, 1],
        told.map((d) => [d.date, String(d.notified ?? 0), String(d.texted ?? 0)]),
      );
  }
  if (sections.has('evidence')) {
    heading(doc, "Each day's evidence summary");
    const delays = l.days.filter((d) => d.delayDay);
    if (delays.length === 0) doc.text('No delay day in the range.');
    for (const d of delays) {
      ensureRoom(doc, 30);
      doc.font('Bold').fontSize(9).text(`${d.date}: ${VERDICT[d.verdict]}, ${d.hoursLost} h lost`);
      doc
        .font('Body')
        .fontSize(8.5)
        .text(
          `${d.reasons.join('; ') || 'No reason recorded'}. Observation: ${d.observed ? OBSERVED[d.observed] : 'not sought'}.${d.note ? ` Note: ${d.note}` : ''}`,
        );
      doc.moveDown(0.3);
    }
  }
}

function footers(doc: Doc, data: ReportData) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.height - MARGIN;
    // Writing inside the bottom margin would start a page of its own: lift the margin while we write.
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Body').fontSize(7).fillColor(MUTED);
    doc.fontSize(6.5).text(data.attribution.join(' '), MARGIN, bottom - 14, { width: pageWidth(doc) - 70 });
    doc
      .fontSize(8)
      .text(`Page ${i + 1} of ${range.count}`, MARGIN, bottom, { width: pageWidth(doc), align: 'right' });
    doc.page.margins.bottom = saved;
  }
}
