/** Hands text to the browser as a file to save (a CSV export, a template). */
export function downloadText(filename: string, content: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(filename, new Blob([content], { type }));
}

/** Saves a downloaded document (a report's PDF or zip) under `filename`. */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
