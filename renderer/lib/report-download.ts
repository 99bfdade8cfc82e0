/**
 * Hands a file the page built to the user as a download (a Blob link). Works the same in the
 * browser host and in Electron, where the download asks where to save it.
 */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // A byte order mark makes spreadsheet programs read a CSV as UTF-8; other files (JSON) go without.
  const blob = new Blob(type.startsWith('text/csv') ? ['\uFEFF', text] : [text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
