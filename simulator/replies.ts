// Builders for the bodies the proxy and the terminal answer with. Every business outcome is
// HTTP 200 with a GeneralResponse whose ResultCode is the first digit of its StatusCode.
import { explainCode } from '@shared/spin';

export interface GeneralResponseWire {
  ResultCode: string;
  StatusCode: string;
  Message: string;
  DetailedMessage: string;
  /** Absent in approvals: production's approved Sale answers carry none (docs/PROTOCOL.md §3.1). */
  DelayBeforeNextRequest?: number | null;
  HostResponseCode?: string;
  HostResponseMessage?: string;
}

export type WireBody = { GeneralResponse: GeneralResponseWire } & Record<string, unknown>;

/** TerminalStatus's documented answer: no GeneralResponse (docs/PROTOCOL.md §4.20). */
export interface TerminalStatusWire extends Record<string, unknown> {
  TerminalStatus: 'Online' | 'Offline' | 'NotFound';
  Tpn: string;
  ErrorDescription: string;
}

/**
 * What the live service answered (HTTP 500) to a nested object that was not an object: ASP.NET's
 * own error body, no GeneralResponse (docs/PROTOCOL.md §6.3).
 */
export interface AspNetErrorWire extends Record<string, unknown> {
  Message: string;
}

export const ASPNET_ERROR: AspNetErrorWire = { Message: 'An error has occurred.' };

/** Codes whose Message is not the catalogue label (docs/PROTOCOL.md §6.2: 1011 reads "Canceled"). */
const MESSAGE_OVERRIDES: Record<string, { message: string; detailed: string }> = {
  '1011': { message: 'Canceled', detailed: 'Duplicate Reference Id' },
};

export function messageFor(code: string): string {
  return MESSAGE_OVERRIDES[code]?.message ?? explainCode(code).label;
}

export function general(code: string, detailed?: string, delay: number | null = null): GeneralResponseWire {
  const message = messageFor(code);
  return {
    ResultCode: code.startsWith('0') ? '0' : code.charAt(0),
    StatusCode: code,
    Message: message,
    DetailedMessage: detailed ?? MESSAGE_OVERRIDES[code]?.detailed ?? message,
    DelayBeforeNextRequest: delay,
  };
}

/** A body that is nothing but a GeneralResponse: proxy errors and non-payment results. */
export function bare(code: string, detailed?: string, delay: number | null = null): WireBody {
  return { GeneralResponse: general(code, detailed, delay) };
}

export function ok(detailed = 'Approved'): WireBody {
  return bare('0000', detailed);
}

/**
 * The wait as the live proxy words it: "30 sec", "1 min 30 sec" (docs/PROTOCOL.md §9.3). A whole
 * minute reads "2 min" (simulator's choice: no record shows one).
 */
export function waitWords(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} sec`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} sec`;
}

/** 2008: DelayBeforeNextRequest in whole seconds, never below 1 (a 0 would invite a busy loop). */
export function busy(seconds: number): WireBody {
  const delay = Math.max(1, Math.ceil(seconds));
  return bare('2008', `Terminal in use, please wait ${waitWords(delay)}`, delay);
}

export function proxyTimeout(seconds: number): WireBody {
  return bare('2007', `Terminal did not respond within ${seconds} s`);
}

/**
 * The HTTP 400 body of a request the proxy refuses to forward (docs/PROTOCOL.md §6.3): Message
 * "Error" and every problem found, one sentence each, in one DetailedMessage, as the live service
 * answers (proxy-wording.ts words them).
 */
export function invalidRequest(problems: string | readonly string[]): WireBody {
  const detailed = typeof problems === 'string' ? problems : problems.join(' ');
  return { GeneralResponse: { ...general('2201', detailed), Message: 'Error' } };
}
