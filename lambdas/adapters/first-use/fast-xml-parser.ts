import type * as FastXmlParser from 'fast-xml-parser';
import { requiredOnFirstUse } from '../required-on-first-use';

/**
 * `fast-xml-parser` in a Lambda that bundles it apart (FIRST_USE_IMPORTS in
 * infra/bundling/lambda-bundling.ts): its 63 KB are parsed by the first SVG logo checked, not at every
 * cold start. Only what our code uses is here; an import of anything else fails the build.
 */
const fastXmlParser = requiredOnFirstUse<typeof FastXmlParser>(
  'fast-xml-parser',
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first use (above)
  () => require('fast-xml-parser.on-first-use'),
);

/** The package's `XMLParser`: `new XMLParser(options)` makes one of the package's own. */
export const XMLParser = function XMLParser(
  options?: ConstructorParameters<typeof FastXmlParser.XMLParser>[0],
) {
  return new (fastXmlParser().XMLParser)(options);
} as unknown as typeof FastXmlParser.XMLParser;
