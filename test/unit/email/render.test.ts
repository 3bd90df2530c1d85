import fc from 'fast-check';
import {
  DEFAULT_TEMPLATES,
  EMAIL_AUDIENCES,
  EMAIL_KINDS,
  OPEN_METEO_ATTRIBUTION,
  formatHours,
  formatNoticeDate,
  renderNotice,
  sampleNoticeInput,
  type NoticeRenderInput,
} from '../../../shared/email';

const ORIGIN = 'https://app.raincheck.example';

function input(overrides: Partial<NoticeRenderInput> = {}): NoticeRenderInput {
  return {
    ...sampleNoticeInput({ kind: 'notice', audience: 'worker', appOrigin: ORIGIN }),
    ...overrides,
  };
}

describe('formatting', () => {
  it.each([
    ['2026-03-10', 'Tue, Mar 10'],
    ['2026-01-01', 'Thu, Jan 1'],
    ['2024-02-29', 'Thu, Feb 29'],
    ['2026-02-30', '2026-02-30'],
    ['not a date', 'not a date'],
  ])('should format %s as "%s"', (date, expected) => {
    expect(formatNoticeDate(date)).toBe(expected);
  });

  it.each([
    [['07:00', '08:00', '09:00', '10:00'], '7 AM – 11 AM'],
    [['10:00', '07:00', '08:00', '08:00'], '7 AM – 9 AM, 10 AM – 11 AM'],
    [['11:00', '12:00'], '11 AM – 1 PM'],
    [['23:00'], '11 PM – 12 AM'],
    [['2026-03-10T14:00', '2026-03-10T15:00'], '2 PM – 4 PM'],
    [[], ''],
  ])('should merge hours %j into "%s"', (hours, expected) => {
    expect(formatHours(hours)).toBe(expected);
  });
});

describe('renderNotice with the default templates', () => {
  const cases = EMAIL_KINDS.flatMap((kind) => EMAIL_AUDIENCES.map((audience) => [kind, audience] as const));

  it.each(cases)('should fill every placeholder of the %s template for %s', (kind, audience) => {
    const out = renderNotice(sampleNoticeInput({ kind, audience, appOrigin: ORIGIN }));
    expect(out.subject).not.toMatch(/\{\{|\}\}/);
    expect(out.text).not.toMatch(/\{\{|\}\}/);
    expect(out.html).not.toMatch(/\{\{|\}\}/);
    expect(out.subject).toContain('Riverside Medical Center');
    expect(out.text).toContain('Riverside Medical Center');
    expect(out.text).toContain('Tue, Mar 10');
    expect(out.text).toContain(OPEN_METEO_ATTRIBUTION);
    expect(out.html).toContain('Open-Meteo.com');
  });

  it('should give managers the numbers and the evidence', () => {
    const out = renderNotice(sampleNoticeInput({ kind: 'notice', audience: 'manager', appOrigin: ORIGIN }));
    expect(out.subject).toBe('Partial delay: Riverside Medical Center, Tue, Mar 10 (4 h lost)');
    expect(out.text).toContain('Hours affected: 7 AM – 11 AM');
    expect(out.text).toContain('Working hours lost: 4');
    expect(out.text).toContain('Rain 0.18 in/h (limit 0.10 in/h)\nGusts up to 34 mph (crane limit 30 mph)');
    expect(out.text).toContain('(Northwind Health)');
  });

  it.each([
    ['full', [], "Don't drive out: there is no work at Riverside Medical Center on Tue, Mar 10."],
    ['partial', ['07:00', '08:00', '09:00'], "Don't come in early: report at 10 AM, not before."],
    [
      'partial',
      ['14:00', '15:00', '16:00'],
      'Work stops at 2 PM: secure the site before then and head home.',
    ],
    [
      'partial',
      ['10:00', '11:00'],
      'Work stops 10 AM – 12 PM. Stay off the site then; your manager will confirm the plan.',
    ],
  ] as const)('should tell workers what to do on a %s delay over %j', (verdict, hours, action) => {
    const out = renderNotice(input({ verdict, rules: [{ reason: 'Rain', hours: [...hours] }] }));
    expect(out.text).toContain(action);
  });

  it('should tell workers to report as usual on an all-clear', () => {
    const out = renderNotice(sampleNoticeInput({ kind: 'allClear', audience: 'worker', appOrigin: ORIGIN }));
    expect(out.subject).toBe('All clear at Riverside Medical Center – Tue, Mar 10');
    expect(out.text).toContain('Work goes ahead as planned: report at your usual time (7 AM).');
  });

  it('should say "simulated weather" and leave out the attribution when the forecast was simulated', () => {
    const out = renderNotice(input({ simulated: true }));
    expect(out.subject.startsWith('[Simulated weather] ')).toBe(true);
    expect(out.text.startsWith('Simulated weather:')).toBe(true);
    expect(out.html).toContain('Simulated weather.');
    expect(out.text).not.toContain(OPEN_METEO_ATTRIBUTION);
  });

  it('should put the unsubscribe link in both parts for a worker and none for the client', () => {
    const worker = renderNotice(input({ unsubscribeUrl: `${ORIGIN}/unsubscribe?token=abc` }));
    expect(worker.text).toContain(`Stop these emails: ${ORIGIN}/unsubscribe?token=abc`);
    expect(worker.html).toContain(`href="${ORIGIN}/unsubscribe?token=abc"`);
    const client = renderNotice(sampleNoticeInput({ kind: 'notice', audience: 'client', appOrigin: ORIGIN }));
    expect(client.text).not.toContain('unsubscribe');
    expect(client.text).toContain('Hello Dana Reyes,');
  });

  it('should use the account template when one is given', () => {
    const out = renderNotice(
      input({
        template: { subject: 'Site {{jobsite}}', body: 'Hey {{recipientName}}: {{verdict}} ({{hours}})' },
      }),
    );
    expect(out.subject).toBe('Site Riverside Medical Center');
    expect(out.text).toContain('Hey Ana Silva: Partial delay (7 AM – 11 AM)');
  });

  it('should keep the subject on one line when a value has line breaks', () => {
    const out = renderNotice(input({ template: { subject: '{{reason}}', body: 'x' } }));
    expect(out.subject).toBe('Rain 0.18 in/h (limit 0.10 in/h); Gusts up to 34 mph (crane limit 30 mph)');
  });

  it('should never link a javascript: unsubscribe URL', () => {
    const out = renderNotice(input({ unsubscribeUrl: 'javascript:alert(1)' }));
    expect(out.html).not.toContain('href="javascript:');
  });

  it('should declare both color schemes and a language for accessible, dark-friendly HTML', () => {
    const { html } = renderNotice(input());
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('name="color-scheme" content="light dark"');
    expect(html).toContain('role="presentation"');
  });
});

describe('HTML escaping', () => {
  const ALLOWED_TAGS = new Set([
    '!doctype',
    'html',
    'head',
    'meta',
    'title',
    'style',
    'body',
    'div',
    'table',
    'tr',
    'td',
    'span',
    'p',
    'br',
    'a',
    'strong',
  ]);
  const ALLOWED_ATTRIBUTES = new Set([
    'html',
    'lang',
    'charset',
    'name',
    'content',
    'class',
    'style',
    'role',
    'aria-roledescription',
    'aria-label',
    'width',
    'cellpadding',
    'cellspacing',
    'border',
    'align',
    'href',
  ]);
  // Every `<` must open a well-formed tag whose attribute values are double-quoted.
  const TAG = /<\/?([!a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s="'<>]+(?:="[^"<>]*")?)*)\s*>/g;
  const tagsOf = (html: string) => {
    const tags = [...html.matchAll(TAG)];
    expect(tags.length).toBe(html.split('<').length - 1);
    return tags.map((m) => ({
      name: m[1]!.toLowerCase(),
      attributes: [...(m[2] ?? '').matchAll(/\s+([^\s="'<>]+)(?:="[^"<>]*")?/g)].map((a) =>
        a[1]!.toLowerCase(),
      ),
    }));
  };

  it('should let no placeholder value add a tag or an attribute', () => {
    const hostile = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '<script>alert(1)</script>',
        '"><img src=x onerror=alert(1)>',
        "' onmouseover='x",
        '&lt;b&gt;',
      ),
    );
    fc.assert(
      fc.property(hostile, hostile, hostile, hostile, (site, client, reason, name) => {
        const { html } = renderNotice(
          input({
            jobsite: { name: site, address: null, timezone: 'UTC' },
            clientName: client,
            recipientName: name,
            rules: [{ reason, hours: ['07:00'] }],
            audience: 'manager',
          }),
        );
        for (const tag of tagsOf(html)) {
          expect(ALLOWED_TAGS.has(tag.name)).toBe(true);
          for (const attribute of tag.attributes) expect(ALLOWED_ATTRIBUTES.has(attribute)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('should escape markup in the template text itself', () => {
    const { html } = renderNotice(input({ template: { subject: 's', body: '<b>bold</b> & {{jobsite}}' } }));
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; Riverside Medical Center');
  });
});

describe('default templates', () => {
  it('should exist for every kind and audience', () => {
    for (const kind of EMAIL_KINDS)
      for (const audience of EMAIL_AUDIENCES)
        expect(DEFAULT_TEMPLATES[kind][audience].body.length).toBeGreaterThan(20);
  });
});
