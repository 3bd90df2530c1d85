import { renderNotice, sampleNoticeInput, type NoticeRenderInput } from '../../../shared/email';
import { contractorSenderName } from '../../../shared/email/notice-facts';
import { escapeHtml } from '../../../shared/email/render';

const ORIGIN = 'https://app.raincheck.example';
const DETAILS = `${ORIGIN}/n/n1abc`;

function input(overrides: Partial<NoticeRenderInput> = {}): NoticeRenderInput {
  return {
    ...sampleNoticeInput({ kind: 'notice', audience: 'worker', appOrigin: ORIGIN }),
    jobsite: {
      name: 'Harbor Point Tower',
      address: '1200 Alaskan Way, Seattle, WA',
      timezone: 'America/Los_Angeles',
      workingHours: { start: '07:00', end: '17:00' },
    },
    contractor: {
      company: 'Acme Builders',
      contact: { name: 'Ana Silva', phone: '+1 206 555 0100' },
      detailsUrl: DETAILS,
    },
    ...overrides,
  };
}

describe('who a notice speaks for', () => {
  it.each(['notice', 'update', 'allClear'] as const)(
    'should name the company, the address, the contact and the details link in both parts of a %s',
    (kind) => {
      const { text, html } = renderNotice(input({ kind }));
      expect(text).toContain('From: Acme Builders');
      expect(text).toContain('Site: Harbor Point Tower, 1200 Alaskan Way, Seattle, WA');
      expect(text).toContain('Site contact: Ana Silva, +1 206 555 0100');
      expect(text).toContain(`Details: ${DETAILS}`);
      expect(html).toContain('Acme Builders via Raincheck');
      expect(html).toContain('1200 Alaskan Way, Seattle, WA');
      expect(html).toContain('Ana Silva, +1 206 555 0100');
      expect(html).toContain(`href="${DETAILS}"`);
    },
  );

  it("should carry the facts even when the account's own template leaves them out", () => {
    const { text, html } = renderNotice(input({ template: { subject: 'Heads up', body: 'Stay home.' } }));
    expect(text).toContain('Stay home.');
    expect(text).toContain('Site contact: Ana Silva');
    expect(html).toContain(DETAILS);
  });

  it('should let a template place the facts itself with their placeholders', () => {
    const body = 'Call {{siteContact}} about {{address}}. {{company}}: {{detailsUrl}}';
    const { text, html } = renderNotice(input({ template: { subject: 's', body } }));
    expect(text).toContain(
      `Call Ana Silva, +1 206 555 0100 about 1200 Alaskan Way, Seattle, WA. Acme Builders: ${DETAILS}`,
    );
    expect(html).toContain(`<a href="${DETAILS}"`);
  });

  it('should not mention a missing company in the mail (the setup checklist does)', () => {
    const { text, html } = renderNotice(
      input({ contractor: { company: null, contact: null, detailsUrl: DETAILS } }),
    );
    expect(text).not.toMatch(/^From:/m);
    expect(text).not.toMatch(/company/i);
    expect(html).not.toMatch(/company/i);
    expect(html).toContain('>Raincheck</td>');
    expect(text).toContain('Site: Harbor Point Tower, 1200 Alaskan Way, Seattle, WA');
  });

  it('should escape a company name that holds markup', () => {
    const { html } = renderNotice(
      input({ contractor: { company: '<b>Acme</b>', contact: null, detailsUrl: null } }),
    );
    expect(html).not.toContain('<b>Acme</b>');
    expect(html).toContain('&lt;b&gt;Acme&lt;/b&gt; via Raincheck');
  });

  it('should make the From display name "<Company> via Raincheck" without quotes or line breaks', () => {
    expect(contractorSenderName('Acme Builders')).toBe('Acme Builders via Raincheck');
    expect(contractorSenderName('Acme "Best"\r\nBcc: x')).toBe('Acme Best Bcc: x via Raincheck');
    expect(contractorSenderName('  ')).toBeNull();
    expect(contractorSenderName(null)).toBeNull();
  });
});

describe('a notice a member’s rule change brought (issue 22 §4)', () => {
  const SENTENCE = "Updated after Dana Ortiz (Acme Builders) changed this jobsite's weather rules.";

  it('should say who changed the rules, with the company, in both parts of an update', () => {
    const { text, html } = renderNotice(input({ kind: 'update', changedBy: 'Dana Ortiz' }));
    expect(text).toContain(SENTENCE);
    expect(html).toContain(`<p style="margin:0 0 16px 0">${escapeHtml(SENTENCE)}</p>`);
  });

  it('should word an all-clear as sent, and keep the sentence under an own template', () => {
    const { text } = renderNotice(
      input({
        kind: 'allClear',
        changedBy: 'Dana Ortiz',
        template: { subject: 'Back on', body: 'Come in as usual.' },
      }),
    );
    expect(text).toContain('Come in as usual.');
    expect(text).toContain("Sent after Dana Ortiz (Acme Builders) changed this jobsite's weather rules.");
  });

  it('should name the member alone when the account has no company, and escape the name', () => {
    const { text, html } = renderNotice(
      input({
        kind: 'update',
        changedBy: '<i>Dana</i>',
        contractor: { company: null, contact: null, detailsUrl: null },
      }),
    );
    expect(text).toContain("Updated after <i>Dana</i> changed this jobsite's weather rules.");
    expect(html).not.toContain('<i>Dana</i>');
    expect(html).toContain('&lt;i&gt;Dana&lt;/i&gt;');
  });

  it('should leave a notice no person caused exactly as before', () => {
    for (const changedBy of [undefined, null, '  ']) {
      const plain = renderNotice(input({ kind: 'update' }));
      expect(renderNotice(input({ kind: 'update', changedBy }))).toEqual(plain);
      expect(plain.text).not.toContain('changed this jobsite');
    }
  });
});
