import type { SpinClient } from '../spin/spin-client';
import { SpinError } from '../spin/spin-error';
import { busyWait } from './policy';
import * as m from '@shared/i18n/paraglide/messages/_index.js';

// Is the terminal idle right now? recover.ts needs to know before "not found" may mean "not
// processed": a terminal can still be finishing a sale after the proxy has given up on it (2007),
// and the proxy may answer Status from its own records meanwhile.
//
// The probe is a Summary report: it moves no money, and unlike Status it is read from the device
// itself, which takes one request at a time (a busy terminal is answered 2008 by the proxy, or
// 1000 by the terminal). So an answer from the terminal application (ResultCode 0, or 1 with any
// code but busy or disconnected) proves that at that moment it was working on nothing else: any
// sale it was finishing has been recorded by then.

export type Idleness =
  | { kind: 'idle' }
  /** Not proven: busy (wait `waitSeconds` when the service said how long) or no useful answer. */
  | { kind: 'not-proven'; detail: string; waitSeconds?: number };

/** Terminal codes that do not show an idle terminal: 1000 busy, 1030 disconnected. */
const NOT_IDLE: ReadonlySet<string> = new Set(['1000', '1030']);

export async function probeIdle(client: SpinClient): Promise<Idleness> {
  try {
    await client.call('Summary', {});
    return { kind: 'idle' };
  } catch (error) {
    if (!(error instanceof SpinError)) return { kind: 'not-proven', detail: m.svc_idle_summary_failed({ error: String(error) }) };
    const code = error.statusCode ?? '';
    if (error.code === 'TERMINAL' && !NOT_IDLE.has(code)) return { kind: 'idle' };
    if (code === '2008') return { kind: 'not-proven', detail: m.svc_idle_still_busy(), ...busyWait(error) };
    if (error.retryAfterSeconds !== undefined) {
      return {
        kind: 'not-proven',
        detail: m.svc_service_asked_wait({ status: String(error.httpStatus), seconds: error.retryAfterSeconds }),
        waitSeconds: error.retryAfterSeconds,
      };
    }
    return { kind: 'not-proven', detail: m.svc_idle_not_seen({ code: code || error.code }) };
  }
}
