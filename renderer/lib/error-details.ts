import type { ApiError } from './api';

/** One line under Details; the same shape as Facts.svelte's Fact (plain .ts cannot import from a .svelte module). */
export interface DetailLine {
  label: string;
  value: string;
  mono: boolean;
}

/** What a failed call carries for support, shown under Details (TechnicalDetails), never in the headline. */
export function errorDetails(error: ApiError): DetailLine[] {
  return [
    ...(error.statusCode ? [{ label: 'Code', value: error.statusCode, mono: true }] : []),
    ...(error.detail ? [{ label: 'Technical detail', value: error.detail, mono: true }] : []),
  ];
}

/** A terminal's plain acknowledgement (a cart or invoice shown): its own words and code, for Details. */
export function ackDetails(ack: { message: string; statusCode: string }): DetailLine[] {
  return [
    { label: 'The terminal said', value: ack.message, mono: false },
    { label: 'Code', value: ack.statusCode, mono: true },
  ];
}
