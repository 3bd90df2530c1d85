import { brandInputSchema, checkBrandColour, contrastRatio } from '../../../shared/brand';
import { svgProblem } from '../../../lambdas/core/brand/svg-check';

describe('the brand colour check', () => {
  it('should compute WCAG contrast ratios of known pairs', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('should put white text on a dark brand colour and dark text on a light one', () => {
    expect(checkBrandColour('#1d4ed8')).toEqual({ ok: true, onColour: '#ffffff' });
    expect(checkBrandColour('#fcc419')).toEqual({ ok: true, onColour: '#212529' });
  });

  it('should refuse a mid grey that reaches 4.5:1 with neither, giving both ratios', () => {
    const check = checkBrandColour('#808080');
    expect(check.ok).toBe(false);
    if (!check.ok)
      expect(check.reason).toContain('3.94:1 contrast with white text and 3.90:1 with dark text');
  });

  it('should never round a ratio just under 4.5 up to 4.50 when refusing', () => {
    // #777777 is 4.478:1 against white: refused as 4.47, not shown as 4.48 or 4.50.
    const check = checkBrandColour('#777777');
    if (!check.ok) expect(check.reason).toContain('4.47:1');
  });

  it('should name the colour field when the form sends an unreadable colour', () => {
    const parsed = brandInputSchema.safeParse({ companyName: 'Acme', colour: '#808080', footer: '' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['colour']);
  });
});

describe('the SVG logo check', () => {
  const svg = (inner: string, attrs = '') =>
    `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attrs}>${inner}</svg>`;

  it('should accept a plain drawing with a gradient referenced inside the file', () => {
    expect(
      svgProblem(
        svg(
          '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/><title>Acme</title>',
        ),
      ),
    ).toBeNull();
  });

  it.each([
    ['a script', svg('<script>alert(1)</script>'), /script/],
    ['a namespaced script', svg('<svg:script>alert(1)</svg:script>'), /script/],
    ['an event handler', svg('<rect width="1" height="1" onload="alert(1)"/>'), /event handler/],
    ['an event handler on the root', svg('<rect/>', ' onclick="x()"'), /event handler/],
    ['a foreignObject', svg('<foreignObject><div>hi</div></foreignObject>'), /foreignObject/],
    ['an outside image', svg('<image href="https://evil.example/x.png"/>'), /element|outside/],
    ['an outside use', svg('<use href="https://evil.example/x.svg#a"/>'), /outside/],
    ['an xlink to javascript', svg('<use xlink:href="javascript:alert(1)"/>'), /outside/],
    ['a url() to elsewhere', svg('<rect style="fill:url(https://evil.example/x)"/>'), /outside/],
    ['a style element', svg('<style>@import url(https://evil.example/x.css);</style>'), /element/],
    ['a DOCTYPE with entities', `<!DOCTYPE svg [<!ENTITY a "aaaa">]>${svg('<text>&a;</text>')}`, /DOCTYPE/],
    [
      'an animation that sets a link',
      svg('<a><set attributeName="href" to="javascript:alert(1)"/></a>'),
      /element/,
    ],
  ])('should refuse an SVG holding %s', (_, source, reason) => {
    expect(svgProblem(source)).toMatch(reason);
  });

  it('should refuse a file that is not an SVG at all', () => {
    expect(svgProblem('<html><body>hi</body></html>')).toMatch(/not an SVG/);
    expect(svgProblem('<svg><rect></svg>')).not.toBeNull();
  });
});
