import type { TerminalAck } from '@shared/ipc/display-views';
import { explainCode } from '@shared/spin/codes';
import type { GeneralResponse } from '@shared/spin/general-response';

/** What the screen says after the terminal accepted a display request ("Approved (0000)"). */
export function ackOf(general: GeneralResponse): TerminalAck {
  const statusCode = general.StatusCode || '0000';
  return { statusCode, message: general.Message || explainCode(statusCode).label };
}
