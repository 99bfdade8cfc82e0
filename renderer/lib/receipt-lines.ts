/**
 * Receipts come back in SPIn printer markup (REFERENCE.md §11): <L>/<C>/<R> lines, <B> bold,
 * <LG>/<CD>/<INV> sizes, <BR/> line feeds, <IMG>/<QR> payloads. The screen shows them as plain
 * lines with their alignment; the markup itself is never rendered as HTML.
 */
export interface ReceiptLine {
  text: string;
  align: 'left' | 'center' | 'right';
  bold: boolean;
}

const ALIGN: Record<string, ReceiptLine['align']> = { L: 'left', C: 'center', R: 'right' };
// Payload tags hold encoded data (a picture, a QR text), not receipt text: show a placeholder.
const PAYLOAD: Record<string, string> = { IMG: '[image]', QR: '[QR code]' };
const TAG = /<(\/?)(LG|CD|INV|BR|IMG|QR|L|C|R|B)\s*(\/?)>/gi;

export function receiptLines(markup: string): ReceiptLine[] {
  const lines: ReceiptLine[] = [];
  let text = '';
  let align: ReceiptLine['align'] = 'left';
  let boldDepth = 0;
  let lineBold = false;
  let skippingPayload: string | null = null;

  const append = (chunk: string) => {
    if (chunk === '') return;
    text += chunk;
    lineBold ||= boldDepth > 0;
  };
  const endLine = (keepEmpty: boolean) => {
    for (const part of text.split(/\r?\n/)) {
      if (keepEmpty || part.trim() !== '') lines.push({ text: part.trimEnd(), align, bold: lineBold });
    }
    text = '';
    lineBold = false;
  };

  let last = 0;
  for (const match of markup.matchAll(TAG)) {
    const [whole, closing, rawName = '', selfClosing] = match;
    const name = rawName.toUpperCase();
    if (skippingPayload === null) append(markup.slice(last, match.index));
    last = match.index + whole.length;
    if (skippingPayload !== null) {
      if (closing && name === skippingPayload) skippingPayload = null;
    } else if (name in PAYLOAD) {
      if (!closing) append(PAYLOAD[name] ?? '');
      if (!closing && !selfClosing) skippingPayload = name;
    } else if (name === 'BR') {
      endLine(true);
    } else if (name in ALIGN) {
      // Each <L>/<C>/<R> block is one printed line.
      if (text !== '') endLine(false);
      if (!closing) align = ALIGN[name] ?? 'left';
    } else if (name === 'B' || name === 'LG') {
      boldDepth = Math.max(0, boldDepth + (closing ? -1 : 1));
    }
  }
  if (skippingPayload === null) append(markup.slice(last));
  if (text !== '') endLine(false);
  return lines;
}
