// The busy window after an approval (docs/PROTOCOL.md §9.6): live SPIn services were seen answering
// a request sent within tens of seconds of an approved payment with 1 / 1000, Message "Canceled",
// DetailedMessage "Service Busy", while the terminal finished the approval (printing, uploading).
// Off by default so everyday testing stays quick; a length in ms turns it on for every approval,
// and the real-world mode draws one per approval from the observed range (real-world/config.ts).
import { z } from 'zod';
import type { EndpointName } from '@shared/spin';
import { bare, type WireBody } from './replies';
import { NEW_PAYMENTS } from './scenarios';
import type { ApprovalEcho, Terminal } from './terminal';

/** The longest window that can be configured: ten minutes, far beyond the observed 30-50 s. */
export const MAX_BUSY_WINDOW_MS = 600_000;

export const busyWindowMsSchema = z
  .int('must be a whole number of ms')
  .min(0, `must be 0 to ${MAX_BUSY_WINDOW_MS} ms`)
  .max(MAX_BUSY_WINDOW_MS, `must be 0 to ${MAX_BUSY_WINDOW_MS} ms`);
export const busyWindowBodySchema = z.strictObject({ ms: busyWindowMsSchema });

/** Approvals of these open the window: every payment that reaches the card or the batch. */
const OPENS_WINDOW: ReadonlySet<EndpointName> = new Set<EndpointName>([...NEW_PAYMENTS, 'Void']);

/**
 * Lookups the proxy answers from its records stay answered during the window, as Status is while
 * the terminal works (docs/PROTOCOL.md §9.4): a client checks with them before sending again.
 */
const ANSWERED_FROM_RECORDS: ReadonlySet<EndpointName> = new Set<EndpointName>(['Status', 'StatusList', 'OfflineStatus']);

/**
 * The answer seen live: a terminal-busy code whose Message reads like a cancel, carrying the
 * Amounts and RRN of the approval the terminal is still finishing, not of the refused request.
 */
export function serviceBusy(echo: ApprovalEcho = {}): WireBody {
  const reply = bare('1000', 'Service Busy');
  return { GeneralResponse: { ...reply.GeneralResponse, Message: 'Canceled' }, ...echo };
}

function echoOf(reply: WireBody): ApprovalEcho {
  return {
    ...(reply.Amounts !== undefined ? { Amounts: structuredClone(reply.Amounts) } : {}),
    ...(reply.RRN !== undefined ? { RRN: reply.RRN } : {}),
  };
}

export class BusyWindow {
  /** Length of the window after each approval in ms; 0: off. */
  ms: number;
  /** The real-world mode's draw, over `ms` while it is on (null: use `ms`). */
  draw: ((name: EndpointName) => number) | null = null;

  constructor(ms = 0) {
    this.ms = ms;
  }

  /** The answer to a request meeting the window, or null when it goes on to the terminal. */
  refusal(terminal: Terminal, name: EndpointName, now = Date.now()): WireBody | null {
    if (terminal.busyAfterApprovalUntil === null || ANSWERED_FROM_RECORDS.has(name)) return null;
    if (now >= terminal.busyAfterApprovalUntil) {
      terminal.busyAfterApprovalUntil = null;
      terminal.busyAfterApprovalEcho = {};
      return null;
    }
    return serviceBusy(terminal.busyAfterApprovalEcho);
  }

  /** Opens the window when `reply` approved a payment. Returns the reply unchanged. */
  after(terminal: Terminal, name: EndpointName, reply: WireBody): WireBody {
    if (!OPENS_WINDOW.has(name) || reply.GeneralResponse.ResultCode !== '0') return reply;
    const length = this.draw ? this.draw(name) : this.ms;
    if (length > 0) {
      terminal.busyAfterApprovalUntil = Date.now() + length;
      terminal.busyAfterApprovalEcho = echoOf(reply);
    }
    return reply;
  }
}
