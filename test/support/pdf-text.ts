import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A PDF's text and page count, extracted with unpdf (PDF.js) in a child Node process: unpdf loads its
 * PDF.js build with a dynamic import, which Jest's CommonJS sandbox cannot do.
 */
export function pdfText(bytes: Uint8Array): { text: string; totalPages: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'raincheck-pdf-'));
  const file = path.join(dir, 'doc.pdf');
  fs.writeFileSync(file, bytes);
  try {
    const script = `
      import fs from 'node:fs';
      import { extractText, getDocumentProxy } from 'unpdf';
      const doc = await getDocumentProxy(new Uint8Array(fs.readFileSync(process.argv[1])));
      const { text, totalPages } = await extractText(doc, { mergePages: true });
      process.stdout.write(JSON.stringify({ text, totalPages }));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, file], {
      cwd: path.resolve(__dirname, '../..'),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(out) as { text: string; totalPages: number };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
