import type { BrandLook } from '../brand';

/**
 * The account's brand in a notice (issue 24 item 4): the header band (logo, name, brand colour) and
 * the footer lines that replace Raincheck's. Values are escaped by the caller's `escape`; the colour
 * and the logo address are checked again here, so nothing stored can break out of an attribute.
 */
const HEX = /^#[0-9a-fA-F]{6}$/;

export function safeColour(colour: string, fallback: string): string {
  return HEX.test(colour) ? colour : fallback;
}

export function brandHeaderHtml(
  brand: BrandLook,
  escape: (s: string) => string,
  isSafeLink: (url: string) => boolean,
): string {
  const bg = safeColour(brand.colour, '#1864ab');
  const fg = safeColour(brand.onColour, '#ffffff');
  const logo =
    brand.logoUrl && isSafeLink(brand.logoUrl)
      ? `<img src="${escape(brand.logoUrl)}" alt="${escape(brand.companyName)} logo" height="40" style="display:block;height:40px;max-width:200px;border:0;margin:0 0 8px 0;background:#ffffff;border-radius:4px;padding:4px">`
      : '';
  return `<tr><td style="padding:16px 24px;background:${bg};color:${fg};border-radius:8px 8px 0 0;font-size:16px;font-weight:700;letter-spacing:0.01em">${logo}<span style="color:${fg}">${escape(brand.companyName)}</span></td></tr>
<tr><td style="height:12px;line-height:12px;font-size:0">&nbsp;</td></tr>`;
}

/** The brand's footer text as plain lines (empty lines dropped). */
export function brandFooterLines(brand: BrandLook): string[] {
  return brand.footer
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** The From display name of a branded notice: the company alone, header-safe. */
export function brandSenderName(brand: BrandLook): string | null {
  const clean = brand.companyName
    .replace(/["\\\r\n]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean || null;
}
