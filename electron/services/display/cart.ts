import type { z } from 'zod';
import { cartToWire } from '@shared/ipc/cart-wire';
import type { CartForm, TerminalAck } from '@shared/ipc/display-views';
import { ackOf } from './ack';
import { callTerminal, type TerminalDeps } from '../terminal/terminal-call';

/** Shows a cart on the customer display (/v2/Payment/Cart); nothing is charged. */
export async function runCart(deps: TerminalDeps, form: z.output<typeof CartForm>): Promise<TerminalAck> {
  const answer = await callTerminal(deps, form.profileId, 'Cart', () => ({ Cart: cartToWire(form.cart) }));
  return ackOf(answer.GeneralResponse);
}
