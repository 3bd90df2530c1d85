import { downloadText } from '../../../lib/download';

/** Hands CSV text to the browser as a file download. */
export function downloadCsv(filename: string, csv: string) {
  downloadText(filename, csv);
}
