import type { LogFields, Logger } from '../../core/observability.ports';

function show(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

/**
 * The local stack's logger: the same calls as in AWS, printed as one readable line each
 * (`11:00:02 INFO  batch done runId=… batch=1 judged=3`), the run id first so a run reads top to bottom.
 */
export function lineLogger(
  scope: string,
  write: (line: string) => void = (line) => console.log(line),
  keys: LogFields = {},
): Logger {
  const line = (level: string, message: string, fields?: LogFields) => {
    const all = { ...keys, ...fields };
    const pairs = Object.entries(all)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${show(v)}`)
      .join(' ');
    const time = new Date().toISOString().slice(11, 19);
    write(`${time} ${level.padEnd(5)} [${scope}] ${message}${pairs ? ` ${pairs}` : ''}`);
  };
  return {
    info: (m, f) => line('INFO', m, f),
    warn: (m, f) => line('WARN', m, f),
    error: (m, f) => line('ERROR', m, f),
    with: (more) => lineLogger(scope, write, { ...keys, ...more }),
  };
}
