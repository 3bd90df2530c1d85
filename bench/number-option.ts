/** `--name <number>` from the command line, or `fallback` when it is not given. */
export function numberOption(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}
