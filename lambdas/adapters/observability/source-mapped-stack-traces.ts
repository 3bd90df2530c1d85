import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';

/**
 * Stack traces of a Lambda bundle in the sources' own files and lines, with the bundle's source map read
 * on the first stack trace formatted rather than at load (ADR 0014, issue 26 item 8). Node's
 * `--enable-source-maps` reads and parses the whole map while it loads the bundle: 13–40 ms of every
 * cold start, in every container, for traces most containers never print. Here V8 calls
 * `Error.prepareStackTrace` when a trace is first read (`error.stack`, by a logger or the runtime), and
 * only then is the map read, once per container.
 *
 * Frames in `bundleDir` (the bundle, and the first-use packages bundled beside it) are written as Node
 * writes them with `--enable-source-maps` (`at name (lambdas/core/x.ts:12:5)`), each file's map read
 * when a trace first has a frame in it; other frames (the runtime, the AWS SDK) and a file without
 * its map are left as V8 writes them.
 */
export function sourceMappedStackTraces(
  bundleDir: string,
  readMap: (file: string) => string = (file) => readFileSync(`${file}.map`, 'utf8'),
): (error: unknown, frames: NodeJS.CallSite[]) => string {
  const maps = new Map<string, SourceMap | null>();
  // The bundle and the first-use packages bundled beside it (node_modules/<package>/index.js).
  const mapOf = (file: string | undefined | null): SourceMap | null => {
    if (!file?.startsWith(`${bundleDir}/`) || !file.endsWith('.js')) return null;
    if (!maps.has(file)) {
      try {
        maps.set(file, new SourceMap(JSON.parse(readMap(file)) as SourceMapPayload));
      } catch {
        maps.set(file, null); // no map beside the file: V8's own frames are still a trace
      }
    }
    return maps.get(file)!;
  };
  return (error, frames) => {
    const lines = frames.map((frame, i) => {
      const map = mapOf(frame.getFileName());
      return map ? mappedFrame(map, frames, i) : `    at ${String(frame)}`;
    });
    return [headerOf(error), ...lines].join('\n');
  };
}

/** The trace's first line as V8 writes it: `Name: message`. */
function headerOf(error: unknown): string {
  try {
    return Error.prototype.toString.call(error);
  } catch {
    return '<error>';
  }
}

/** What `SourceMap.findEntry` answers: `{}` where the map has nothing; `name` where it names the symbol. */
interface MapEntry {
  originalSource?: string;
  originalLine?: number;
  originalColumn?: number;
  name?: string;
}

function entryAt(map: SourceMap, line: number | null, column: number | null): MapEntry {
  if (!line || !column) return {};
  return map.findEntry(line - 1, column - 1) as MapEntry;
}

function mappedFrame(map: SourceMap, frames: NodeJS.CallSite[], i: number): string {
  const frame = frames[i]!;
  const at = entryAt(map, frame.getLineNumber(), frame.getColumnNumber());
  if (at.originalSource === undefined || at.originalLine === undefined) return `    at ${String(frame)}`;
  const where = `${readablePath(at.originalSource)}:${at.originalLine + 1}:${(at.originalColumn ?? 0) + 1}`;
  const name = originalName(map, frames, i) ?? frame.getFunctionName();
  const prefix = frame.isAsync() ? 'async ' : frame.isConstructor() ? 'new ' : '';
  const receiver = frame.isToplevel() || frame.isConstructor() ? null : frame.getTypeName();
  const called = name && receiver ? `${receiver}.${name}` : name;
  return `    at ${prefix}${called || '<anonymous>'} (${where})`;
}

/** esbuild writes sources relative to the map (`../../lambdas/core/x.ts`): the repository's path reads better. */
function readablePath(source: string): string {
  return source.replace(/^(?:\.\.?\/)+/, '');
}

/**
 * The function's name as written: minified code renamed it. The map names the function where it is
 * declared (its enclosing position), or else where the next frame down the trace calls it.
 */
function originalName(map: SourceMap, frames: NodeJS.CallSite[], i: number): string | undefined {
  const frame = frames[i]!;
  const declared = entryAt(map, frame.getEnclosingLineNumber(), frame.getEnclosingColumnNumber()).name;
  if (declared) return declared;
  const caller = frames[i + 1];
  if (!caller || caller.getFileName() !== frame.getFileName()) return undefined;
  return entryAt(map, caller.getLineNumber(), caller.getColumnNumber()).name || undefined;
}
