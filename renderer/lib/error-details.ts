import type { ApiError } from './api';
import { m } from './i18n/messages';

/** One line under Details; the same shape as Facts.svelte's Fact (plain .ts cannot import from a .svelte module). */
export interface DetailLine {
  label: string;
  value: string;
  mono: boolean;
}

/** What a failed call carries for support, shown under Details (TechnicalDetails), never in the headline. */
export function errorDetails(error: ApiError): DetailLine[] {
  return [
    ...(error.statusCode ? [{ label: m.lib_detail_code(), value: error.statusCode, mono: true }] : []),
    ...(error.detail ? [{ label: m.lib_detail_technical(), value: error.detail, mono: true }] : []),
  ];
}

/** A terminal's plain acknowledgement (a cart or invoice shown): its own words and code, for Details. */
export function ackDetails(ack: { message: string; statusCode: string }): DetailLine[] {
  return [
    { label: m.lib_detail_terminal_said(), value: ack.message, mono: false },
    { label: m.lib_detail_code(), value: ack.statusCode, mono: true },
  ];
}
