import { renderNotice, sampleNoticeInput } from '../../../shared/email';
import { brandLook } from '../../../shared/brand';

const ORIGIN = 'https://app.raincheck.example';
const base = sampleNoticeInput({ kind: 'notice', audience: 'worker', appOrigin: ORIGIN });

describe('a notice in the account’s brand', () => {
  it('should escape a company name and footer that hold markup', () => {
    const brand = brandLook({
      companyName: '<img src=x onerror=alert(1)> Co',
      colour: '#1d4ed8',
      footer: '<script>x()</script>',
      logoUrl: null,
    });
    const { html } = renderNotice({ ...base, brand });
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Co');
  });

  it('should drop a stored colour or logo address that is not what the checks let through', () => {
    const brand = { ...brandLook({ companyName: 'Acme', colour: '#1d4ed8', footer: '', logoUrl: null }) };
    const { html } = renderNotice({
      ...base,
      brand: { ...brand, colour: 'red;background:url(https://evil.example)', logoUrl: 'javascript:alert(1)' },
    });
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('background:#1864ab');
  });

  it('should put dark text on a light brand colour', () => {
    const { html } = renderNotice({
      ...base,
      brand: brandLook({ companyName: 'Sunny Paving', colour: '#fcc419', footer: '', logoUrl: null }),
    });
    expect(html).toContain('background:#fcc419;color:#212529');
  });
});
