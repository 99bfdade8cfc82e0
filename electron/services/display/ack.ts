import type { TerminalAck } from '@shared/ipc/display-views';
import { explainCode } from '@shared/spin/codes';
import type { GeneralResponse } from '@shared/spin/general-response';
import { serviceText } from '../spin/spin-record';

/** What the screen says after the terminal accepted a display request ("Approved (0000)"). */
export function ackOf(general: GeneralResponse): TerminalAck {
  const statusCode = general.StatusCode || '0000';
  // The service's words may quote a card number: first 4 / last 4 only (serviceText).
  return { statusCode, message: serviceText(general.Message) ?? explainCode(statusCode).label };
}
