import { unzipSync, strFromU8 } from 'fflate';
import { createAppRoot } from '../../../lambdas/composition/app.root';
import type { Verdict } from '../../../shared/weather/engine';
import { callApi, newAccount, subscribe, type TestAccount } from '../../support/accounts';
import { pdfText } from '../../support/pdf-text';
import { storedRainDecision } from '../../support/stored-decision';
import { testStack } from '../stack';

/**
 * Custom reports through the running stack (issue 25 §4–5): the PDF's text, extracted with unpdf,
 * holds each jobsite, its days and totals equal to the ledger route's for the same range; the CSV
 * bundle holds the ledger route's own CSV; the plan and the account are enforced.
 */
const stack = testStack();
const root = createAppRoot(stack.lambdaConfig);
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) => callApi(stack, pathname, init);
const download = async (pathname: string, token: string) => {
  const res = await fetch(`${stack.appUrl}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
};

const RANGE = { from: '2026-01-26', to: '2026-02-06' };
let premium: TestAccount;
let basic: TestAccount;
const sites: { id: string; name: string }[] = [];

const decision = (userId: string, jobsiteId: string, workDate: string, verdict: Verdict, hoursLost: number) =>
  storedRainDecision({
    userId,
    jobsiteId,
    workDate,
    verdict,
    hoursLost,
    rain: { peak: 3, reason: 'Rain 0.12 in/h' },
    runId: 'reports-test',
  });

beforeAll(async () => {
  [premium, basic] = await Promise.all([newAccount(stack, 'reports'), newAccount(stack, 'reports-basic')]);
  await Promise.all([subscribe(stack, premium, 'premium'), subscribe(stack, basic, 'basic')]);
  for (const [name, where] of [
    ['Quarry Road Bridge', { latitude: 39.74, longitude: -104.99, timezone: 'America/Denver' }],
    ['Harbor Point Tower', { latitude: 47.61, longitude: -122.33, timezone: 'America/Los_Angeles' }],
  ] as const) {
    const created = await api('/api/jobsites', {
      token: premium.token,
      body: { name, ...where, anticipatedWeatherDays: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] },
    });
    expect(created.status).toBe(201);
    sites.push({ id: created.body.id, name });
  }
  const quarry = sites[0]!;
  const harbor = sites[1]!;
  for (const d of [
    decision(premium.userId, quarry.id, '2026-01-27', 'full', 10),
    decision(premium.userId, quarry.id, '2026-01-30', 'full', 10),
    decision(premium.userId, quarry.id, '2026-02-03', 'partial', 6),
    decision(premium.userId, harbor.id, '2026-01-29', 'none', 0),
    decision(premium.userId, harbor.id, '2026-02-02', 'full', 10),
    decision(premium.userId, harbor.id, '2026-02-05', 'partial', 2),
  ])
    await root.dispatch.decisions.put(d);
}, 90_000);

describe('custom reports', () => {
  it('should refuse a plan without customReports with 403 naming the plan', async () => {
    const res = await api('/api/reports', {
      token: basic.token,
      body: { title: 'Basic', jobsites: 'all', range: RANGE, sections: ['ledger'] },
    });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).toContain('this account is on Basic');
  });

  it('should refuse another account’s jobsite id in a definition, naming the field', async () => {
    const other = await newAccount(stack, 'reports-other');
    await subscribe(stack, other, 'premium');
    const res = await api('/api/reports', {
      token: other.token,
      body: { title: 'Theirs', jobsites: [sites[0]!.id], range: RANGE, sections: ['ledger'] },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('jobsites');
  });

  it('should refuse a bad body with 400 naming the field', async () => {
    const res = await api('/api/reports', {
      token: premium.token,
      body: { title: 'Bad', jobsites: 'all', range: { relative: 'last-year' }, sections: ['ledger'] },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('range');
  });

  it('should save a definition once however often the same submit is repeated', async () => {
    const body = { title: 'Repeat', jobsites: 'all', range: RANGE, sections: ['ledger'] };
    const headers = { 'idempotency-key': `reports-${Date.now()}` };
    const [a, b] = await Promise.all([
      api('/api/reports', { token: premium.token, body, headers }),
      api('/api/reports', { token: premium.token, body, headers }),
    ]);
    const created = [a, b].filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    const again = await api('/api/reports', { token: premium.token, body, headers });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(created[0]!.body.id);
    const list = await api('/api/reports', { token: premium.token });
    expect(list.body.reports.filter((r: { title: string }) => r.title === 'Repeat')).toHaveLength(1);
  });

  it('should make a PDF whose jobsites, days and totals equal the ledger route’s for the same range', async () => {
    const created = await api('/api/reports', {
      token: premium.token,
      body: {
        title: 'January–February weather days',
        jobsites: sites.map((s) => s.id),
        range: RANGE,
        sections: ['allowance', 'ledger', 'hours-lost', 'notices', 'evidence'],
      },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(['id']);
    const pdf = await download(`/api/reports/${created.body.id}/pdf`, premium.token);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const extracted = pdfText(pdf.bytes);
    const totalPages = extracted.totalPages;
    // Lines wrap where the layout wraps them: compare on single spaces.
    const text = extracted.text.replace(/\s+/g, ' ');
    expect(text).toContain('January–February weather days');
    expect(text).toContain(`Page ${totalPages} of ${totalPages}`);
    expect(text).toContain('NOAA National Centers for Environmental Information');
    let delayDays = 0;
    let hoursLost = 0;
    for (const site of sites) {
      const ledger = await api(`/api/jobsites/${site.id}/ledger?from=${RANGE.from}&to=${RANGE.to}`, {
        token: premium.token,
      });
      expect(ledger.status).toBe(200);
      const t = ledger.body.totals;
      delayDays += t.delayDays;
      hoursLost += t.hoursLost;
      expect(text).toContain(site.name);
      expect(text).toContain(
        `Delay days ${t.delayDays} · beyond the allowance ${t.beyondAllowance} · hours lost ${t.hoursLost}`,
      );
      for (const d of ledger.body.days as { date: string }[]) expect(text).toContain(d.date);
    }
    expect(delayDays).toBe(4);
    expect(text).toContain(`Delay days: ${delayDays}`);
    expect(text).toContain(`Hours lost: ${hoursLost}`);
  });

  it('should bundle the ledger route’s own CSV per jobsite in one zip', async () => {
    const created = await api('/api/reports', {
      token: premium.token,
      body: { title: 'CSV bundle', jobsites: [sites[1]!.id], range: RANGE, sections: ['ledger'] },
    });
    const zip = await download(`/api/reports/${created.body.id}/csv.zip`, premium.token);
    expect(zip.status).toBe(200);
    expect(zip.type).toBe('application/zip');
    const files = unzipSync(zip.bytes);
    expect(Object.keys(files).sort()).toEqual([
      'ATTRIBUTION.txt',
      'ledger-harbor-point-tower.csv',
      'months.csv',
      'summary.csv',
    ]);
    const ledgerCsv = await api(
      `/api/jobsites/${sites[1]!.id}/ledger.csv?from=${RANGE.from}&to=${RANGE.to}`,
      {
        token: premium.token,
      },
    );
    expect(strFromU8(files['ledger-harbor-point-tower.csv']!)).toBe(ledgerCsv.text);
  });

  it('should preview an unsaved definition with the same figures', async () => {
    const res = await api('/api/reports/preview', {
      token: premium.token,
      body: { title: 'Preview', jobsites: 'all', range: RANGE, sections: ['ledger'] },
    });
    expect(res.status).toBe(200);
    expect(
      res.body.jobsites.map((j: { ledger: { jobsite: { name: string } } }) => j.ledger.jobsite.name),
    ).toEqual(['Harbor Point Tower', 'Quarry Road Bridge']);
    expect(res.body.totals).toMatchObject({ delayDays: 4, hoursLost: 36 });
  });
});
