// The checkout where the unprivileged user "nobody" can read it, wherever the clone sits. Tests run
// as root reach EACCES only through another user (root reads and writes past any mode), and that
// user may not enter the folder holding the checkout (a clone in a `mktemp -d` folder, root's 0700
// home): Node then fails with "Cannot find package 'tsx'". A read-only bind mount of the checkout
// in the temp folder, which anyone may enter, shows nobody the same files (node_modules included)
// without opening up the folders above it.
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mount, unmountAndRemove } from './mount';

const CHECKOUT = fileURLToPath(new URL('../..', import.meta.url));

export interface ExposedCheckout {
  /** The checkout as nobody sees it: run the host there. */
  dir: string;
  close(): void;
}

export function exposeCheckout(): ExposedCheckout {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-for-nobody-'));
  chmodSync(dir, 0o755);
  mount('--bind', CHECKOUT, dir);
  mount('-o', 'remount,bind,ro', dir);
  return { dir, close: () => unmountAndRemove(dir) };
}
