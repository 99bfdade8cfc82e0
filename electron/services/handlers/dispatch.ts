import type { z } from 'zod';
import { contract, type Channel, type Contract, type OutputOf } from '@shared/ipc/contract';
import type { AppError, Envelope } from '@shared/ipc/envelope';
import { formatNumber } from '@shared/i18n/format';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { formatIssues } from '@shared/spin/validation';
import { Redactor } from '../security/redactor';
import { toAppError } from '../to-app-error';

/** One function per channel; it receives input already parsed by the contract's schema. */
export type Handlers = {
  [C in Channel]: (input: z.output<Contract[C]['input']>) => Promise<OutputOf<C>>;
};

export type Dispatch = (channel: string, rawInput: unknown) => Promise<Envelope<unknown>>;

export interface DispatchLog {
  error(message: string, detail?: unknown): void;
}

function isChannel(name: string): name is Channel {
  return Object.hasOwn(contract, name);
}

/**
 * The single entry point both shells use (Electron's ipcMain and the browser host): parse the input
 * with the contract, run the handler, check the output, and always answer with an envelope.
 *
 * Everything that leaves passes the app's Redactor last, whatever the handler did: data and
 * errors can quote a SPIn service, and a service may echo an Authkey in any text. Only Authkeys
 * are replaced here: data keeps its card fields and references exact (the services already cut
 * card data to first 4 / last 4), and so do error texts, which spin-desk writes itself and which
 * name references a cashier must be able to look up ("look it up by its reference first"). Where
 * an error quotes a service, its card numbers were cut as it was quoted (spinErrorToAppError).
 */
export function createDispatch(handlers: Handlers, log: DispatchLog, redactor: Redactor = new Redactor()): Dispatch {
  const failure = (error: AppError): Envelope<never> => ({ ok: false, error: bounded(redactError(error, redactor)) });
  return async (channel, rawInput) => {
    if (!isChannel(channel))
      return failure({ code: 'NOT_FOUND', message: m.svc_unknown_channel({ channel: JSON.stringify(channel).slice(0, 80) }) });
    const spec = contract[channel];
    const input = spec.input.safeParse(rawInput);
    if (!input.success) {
      const fields = formatIssues(input.error);
      return failure({ code: 'BAD_INPUT', message: pleaseCheck(fields), fields });
    }
    let data: unknown;
    try {
      const handler = handlers[channel] as (input: unknown) => Promise<unknown>;
      data = await handler(input.data);
    } catch (error) {
      return failure(failureOf(channel, error, log, redactor));
    }
    const output = spec.output.safeParse(data);
    if (!output.success) {
      log.error(`Handler for ${channel} returned data that breaks the contract`, formatIssues(output.error));
      return failure({ code: 'INTERNAL', message: m.svc_internal_logged() });
    }
    return { ok: true, data: redactor.secretsInData(output.data) };
  };
}

/** How many of an error's field issues a reply lists; the rest are counted ("and N more"). */
export const MAX_REPLY_ISSUES = 20;
/** The longest error message a reply carries. */
const MAX_REPLY_MESSAGE = 2000;

/** "Please check: amountCents must be ...; tipCents ...": the first MAX_REPLY_ISSUES, then how many more. */
function pleaseCheck(fields: readonly { path: string; message: string }[]): string {
  const issues = fields
    .slice(0, MAX_REPLY_ISSUES)
    .map((f) => `${f.path || 'input'} ${f.message}`)
    .join('; ');
  const more = fields.length - MAX_REPLY_ISSUES;
  return more > 0 ? m.svc_please_check_more({ issues, count: formatNumber(more) }) : m.svc_please_check({ issues });
}

/**
 * An error reply the size of a few issues, whatever the input, in both shells: a 634 KB body with
 * 60,000 unknown keys drew a 6.7 MB answer listing each one. The first MAX_REPLY_ISSUES are kept
 * (enough to fix a real mistake), then one entry counting the rest; a long message is cut.
 */
function bounded(error: AppError): AppError {
  const { fields, message } = error;
  const more = (fields?.length ?? 0) - MAX_REPLY_ISSUES;
  if (more <= 0 && message.length <= MAX_REPLY_MESSAGE) return error;
  return {
    ...error,
    message: message.length <= MAX_REPLY_MESSAGE ? message : m.svc_message_cut({ message: message.slice(0, MAX_REPLY_MESSAGE) }),
    ...(fields && more > 0
      ? { fields: [...fields.slice(0, MAX_REPLY_ISSUES), { path: '', message: m.svc_and_more({ count: formatNumber(more) }) }] }
      : {}),
  };
}

function redactError(error: AppError, redactor: Redactor): AppError {
  return {
    ...error,
    message: redactor.ownText(error.message),
    ...(error.statusCode === undefined ? {} : { statusCode: redactor.ownText(error.statusCode) }),
    ...(error.remedy === undefined ? {} : { remedy: redactor.ownText(error.remedy) }),
    ...(error.detail === undefined ? {} : { detail: redactor.ownText(error.detail) }),
    ...(error.fields
      ? { fields: error.fields.map((f) => ({ path: redactor.ownText(f.path), message: redactor.ownText(f.message) })) }
      : {}),
  };
}

function failureOf(channel: string, error: unknown, log: DispatchLog, redactor: Redactor): AppError {
  return toAppError(error, {
    redactor,
    unexpected: (bug) => {
      log.error(`Handler for ${channel} failed`, bug instanceof Error ? (bug.stack ?? bug.message) : String(bug));
      return { code: 'INTERNAL', message: m.svc_internal_logged() };
    },
  });
}
