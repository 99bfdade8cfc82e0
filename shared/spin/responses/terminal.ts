import { z } from 'zod';
import * as m from '../../i18n/paraglide/messages/_index.js';
import { GeneralResponse, liftGeneralResponse, responseSchema } from '../common';
import { looseString, looseRecord } from '../tolerant';

// AbortTransaction answers GeneralResponse only. TerminalStatus answers no GeneralResponse at all:
// `TerminalStatus` (Online, Offline, NotFound), `Tpn` and `ErrorDescription` (docs/PROTOCOL.md §4.20).

export const AbortTransactionResponse = responseSchema({});

export const knownTerminalStatuses = ['Online', 'Offline', 'NotFound'] as const;
export type TerminalConnection = (typeof knownTerminalStatuses)[number] | (string & {});

/**
 * Either the documented answer (a TerminalStatus value) or a refusal with a GeneralResponse, as a
 * proxy gives every other endpoint for a wrong key (the simulator does, docs/PROTOCOL.md §4.20).
 * One of the two must be readable.
 */
export const TerminalStatusResponse = z.preprocess(
  liftGeneralResponse,
  looseRecord({
    TerminalStatus: looseString(),
    Tpn: looseString(),
    ErrorDescription: looseString(),
    GeneralResponse: GeneralResponse.optional(),
  }).superRefine((value, ctx) => {
    if (!value.TerminalStatus && value.GeneralResponse === undefined) {
      ctx.addIssue({ code: 'custom', path: ['TerminalStatus'], message: m.rule_terminal_status_required() });
    }
  }),
);
export type TerminalStatusAnswer = z.output<typeof TerminalStatusResponse>;
