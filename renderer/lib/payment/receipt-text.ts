/**
 * Receipts come back in SPIn printer markup (docs/PROTOCOL.md §11): <L>/<C>/<R> blocks, <B>, <LG>,
 * <CD>, <INV> styles, <BR/> line feeds, <IMG>/<QR> payloads. The screen shows them as plain
 * fixed-width text, laid out the way a receipt printer would, and never renders markup as HTML.
 */
export const RECEIPT_WIDTH = 40;

type Align = 'left' | 'center' | 'right';
interface Block {
  align: Align;
  text: string;
  /** True when a line feed (<BR/> or a newline) ended it, so nothing may join it. */
  broken: boolean;
}

const ALIGN: Record<string, Align> = { L: 'left', C: 'center', R: 'right' };
// Payload tags hold encoded data (a picture, QR text), not receipt text: a placeholder stands in.
const PAYLOAD: Record<string, string> = { IMG: '[image]', QR: '[QR code]' };
const TAG = /<(\/?)(LG|CD|INV|BR|IMG|QR|L|C|R|B)\s*(\/?)>/gi;

/**
 * Markup -> blocks of text with their alignment; style tags are dropped. A payload's data is
 * hidden only when its own closing tag follows before any other tag: an <IMG> or <QR> left open
 * (or with markup inside) shows its placeholder and then everything after it as text, so a
 * broken picture can never hide the lines after it (TOTAL, "*** VOID ***").
 */
function blocks(markup: string): Block[] {
  const out: Block[] = [];
  let text = '';
  let align: Align = 'left';
  const end = (broken: boolean) => {
    const parts = text.split(/\r?\n/);
    parts.forEach((part, i) => {
      if (part.trim() !== '' || broken) out.push({ align, text: part.trim(), broken: broken || i < parts.length - 1 });
    });
    text = '';
  };
  const tags = [...markup.matchAll(TAG)];
  let last = 0;
  for (let i = 0; i < tags.length; i += 1) {
    const match = tags[i] as RegExpExecArray;
    const [whole, closing, rawName = '', selfClosing] = match;
    const name = rawName.toUpperCase();
    text += markup.slice(last, match.index);
    last = match.index + whole.length;
    if (name in PAYLOAD) {
      if (closing) continue;
      text += PAYLOAD[name];
      const next = tags[i + 1];
      if (!selfClosing && next?.[1] && next[2]?.toUpperCase() === name) {
        // The data up to its own closing tag is the picture or the QR text, not receipt text.
        last = next.index + next[0].length;
        i += 1;
      }
    } else if (name === 'BR') {
      end(true);
    } else if (name in ALIGN) {
      if (text.trim() !== '') end(false);
      text = '';
      align = closing ? 'left' : (ALIGN[name] ?? 'left');
    }
  }
  text += markup.slice(last);
  end(false);
  return out;
}

function place(block: Block, width: number): string {
  const room = Math.max(0, width - block.text.length);
  if (block.align === 'right') return ' '.repeat(room) + block.text;
  if (block.align === 'center') return ' '.repeat(Math.floor(room / 2)) + block.text;
  return block.text;
}

/** Markup -> printable text. A right block straight after a left one shares its line, like "TIP   2.00". */
export function receiptText(markup: string, width = RECEIPT_WIDTH): string {
  const lines: string[] = [];
  let previous: Block | undefined;
  for (const block of blocks(markup)) {
    const joinable = previous?.align === 'left' && !previous.broken && block.align === 'right';
    if (joinable && previous && previous.text.length + block.text.length < width) {
      lines[lines.length - 1] = previous.text + ' '.repeat(width - previous.text.length - block.text.length) + block.text;
      previous = undefined;
      continue;
    }
    lines.push(place(block, width));
    previous = block;
  }
  return lines.join('\n');
}
