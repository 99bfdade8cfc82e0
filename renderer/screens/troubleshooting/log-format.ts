import type { CheckStep, LogOutcome } from '@shared/ipc/diagnostics-views';

export const OUTCOME_LABELS: Record<LogOutcome, string> = {
  ok: 'OK',
  terminal: 'Terminal said no',
  service: 'Service refused',
  failed: 'No usable answer',
};

export const STEP_LABELS: Record<CheckStep['status'], string> = {
  pending: 'Waiting',
  running: 'Checking…',
  ok: 'OK',
  failed: 'Failed',
  skipped: 'Skipped',
};

/** "14:03:12" in the computer's own clock format. */
export function timeOf(iso: string): string {
  return new Date(iso).toLocaleTimeString();
}

/** "120 ms" below two seconds, "2.4 s" above. */
export function duration(ms: number): string {
  return ms < 2000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** "1001 (1)" / "HTTP 502" / "—": the codes of one log entry in one short cell. */
export function codesOf(entry: {
  statusCode?: string | undefined;
  resultCode?: string | undefined;
  errorCode?: string | undefined;
}): string {
  if (entry.statusCode) return entry.resultCode ? `${entry.statusCode} (${entry.resultCode})` : entry.statusCode;
  return entry.errorCode ?? '—';
}
