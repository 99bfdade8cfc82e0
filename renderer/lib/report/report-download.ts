/**
 * Hands a file the page built to the user as a download (a Blob link). Works the same in the
 * browser host and in Electron, where the download asks where to save it.
 */
/**
 * Downloads what the app serves at `address` (a path on the page's own origin: the browser host, or
 * app:// in Electron) under the name the answer gives. The file is written as it arrives, never held
 * by the page: for exports of any size.
 */
export function downloadAddress(address: string): void {
  clickLink(address, '');
}

export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // A byte order mark makes spreadsheet programs read a CSV as UTF-8; other files (JSON) go without.
  const blob = new Blob(type.startsWith('text/csv') ? ['\uFEFF', text] : [text], { type });
  const url = URL.createObjectURL(blob);
  clickLink(url, fileName);
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A download link clicked once; an empty `fileName` keeps the name the answer gives. */
function clickLink(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
