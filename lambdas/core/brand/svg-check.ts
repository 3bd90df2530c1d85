import { XMLParser } from 'fast-xml-parser';

/**
 * An allowlist check of an uploaded SVG logo. A logo is served from the app's own origin and shown
 * in emails, so an SVG that can run script or load anything is refused, not rewritten: no script,
 * no event handler attribute, no foreignObject, no link or url() to anything outside the file, no
 * DOCTYPE or entity (XML bombs), only drawing elements. Answers null when the SVG is acceptable.
 */
const ALLOWED_ELEMENTS = new Set(
  [
    'svg',
    'g',
    'path',
    'rect',
    'circle',
    'ellipse',
    'line',
    'polyline',
    'polygon',
    'text',
    'tspan',
    'defs',
    'lineargradient',
    'radialgradient',
    'stop',
    'title',
    'desc',
    'clippath',
    'mask',
    'symbol',
    'use',
    'pattern',
    'metadata',
  ].map((e) => e.toLowerCase()),
);

const ATTRS = '@_';

export function svgProblem(source: string): string | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) return 'The SVG declares a DOCTYPE or entities';
  let tree: unknown;
  try {
    tree = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: ATTRS,
      preserveOrder: true,
      processEntities: false,
      allowBooleanAttributes: true,
    }).parse(source, true);
  } catch {
    return 'The SVG is not well-formed XML';
  }
  const nodes = Array.isArray(tree) ? tree : [];
  const root = nodes.find((n) => !isMeta(n));
  if (!root || elementName(root) !== 'svg') return 'The file is not an SVG image';
  return walk(nodes);
}

type Node = Record<string, unknown>;

const isMeta = (n: Node) => {
  const name = elementName(n);
  return name === null || name.startsWith('?') || name === '#comment';
};

function elementName(n: Node): string | null {
  const key = Object.keys(n).find((k) => k !== ':@');
  return key ? key : null;
}

function walk(nodes: unknown[]): string | null {
  for (const node of nodes as Node[]) {
    const name = elementName(node);
    if (name === null || name === '#text' || name === '#comment' || name.startsWith('?')) continue;
    const local = name.toLowerCase().replace(/^svg:/, '');
    if (local === 'script') return 'The SVG holds a script';
    if (local === 'foreignobject') return 'The SVG holds a foreignObject';
    if (!ALLOWED_ELEMENTS.has(local)) return `The SVG holds a <${name}> element, which logos may not use`;
    const attrs = (node[':@'] ?? {}) as Record<string, unknown>;
    for (const [rawName, value] of Object.entries(attrs)) {
      const attr = rawName.slice(ATTRS.length).toLowerCase();
      const text = String(value ?? '');
      if (attr.startsWith('on')) return `The SVG has an event handler (${attr})`;
      if ((attr === 'href' || attr.endsWith(':href')) && !text.trim().startsWith('#'))
        return 'The SVG refers to something outside the file';
      if (/url\s*\(\s*['"]?\s*(?!#)/i.test(text)) return 'The SVG refers to something outside the file';
      if (/javascript:|data:|@import/i.test(text)) return 'The SVG refers to something outside the file';
    }
    const problem = walk((node[name] as unknown[]) ?? []);
    if (problem) return problem;
  }
  return null;
}
