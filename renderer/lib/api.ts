import type { AppError } from '@shared/ipc/envelope';
import type { Channel, InputOf, OutputOf } from '@shared/ipc/contract';
import { hostConnection } from './host-connection.svelte';
import { inFlight } from './in-flight.svelte';
import { defaultTransport, type Transport } from './transport';

/** A failed call, with the envelope's stable code, field errors and remedy. */
export class ApiError extends Error {
  readonly code: AppError['code'];
  readonly fields: AppError['fields'];
  readonly statusCode: string | undefined;
  readonly remedy: string | undefined;
  /** Technical words (the service's text, a network error name) for the Details disclosure only. */
  readonly detail: string | undefined;
  /** The request never left the computer: nothing to look up before trying again. */
  readonly notSent: boolean;
  /** TERMINAL_BUSY: the request from this PC the terminal is busy with. */
  readonly busyWith: AppError['busyWith'];

  constructor(error: AppError) {
    super(error.message);
    this.name = 'ApiError';
    this.code = error.code;
    this.fields = error.fields;
    this.statusCode = error.statusCode;
    this.remedy = error.remedy;
    this.detail = error.detail;
    this.notSent = error.notSent ?? false;
    this.busyWith = error.busyWith;
  }

  /** The message for one form field, if the main process rejected that field. */
  fieldMessage(path: string): string | undefined {
    return this.fields?.find((field) => field.path === path)?.message;
  }
}

let transport: Transport = defaultTransport();

/** Tests swap the transport; the app never does. */
export function setTransport(next: Transport): void {
  transport = next;
}

/** Sends one call; while it is out, a request to a terminal locks switching away from it (inFlight). */
export async function call<C extends Channel>(channel: C, input: InputOf<C>): Promise<OutputOf<C>> {
  const end = inFlight.begin(channel, input);
  const sent = hostConnection.sending();
  try {
    const envelope = await transport(channel, input);
    hostConnection.heard(sent, envelope.ok ? undefined : envelope.error);
    if (envelope.ok) return envelope.data as OutputOf<C>;
    throw new ApiError(envelope.error);
  } finally {
    end();
  }
}

type GroupOf<C extends string> = C extends `${infer G}:${string}` ? G : never;
type ActionOf<C extends string, G extends string> = C extends `${G}:${infer A}` ? A : never;
type Api = {
  [G in GroupOf<Channel>]: {
    [A in ActionOf<Channel, G>]: (input: InputOf<`${G}:${A}` & Channel>) => Promise<OutputOf<`${G}:${A}` & Channel>>;
  };
};

/** api.payments.sale(form), api.profiles.list(undefined), ... one function per contract channel. */
export const api = buildApi();

// The names come from the call itself, not a list: the contract's only list is its keys, and
// importing it would ship every zod schema to the renderer (tests/packaging/renderer-budget.test.ts).
// The Api type keeps calls to channels the contract has; dispatch refuses any other name. Each
// function is made once and kept, and `then` is no channel (so `await api.x` is never a call).
function buildApi(): Api {
  const lazily = <T>(make: (name: string) => T) =>
    new Proxy({} as Record<string, T>, {
      get: (made, name) => (typeof name !== 'string' || name === 'then' ? undefined : (made[name] ??= make(name))),
    });
  return lazily((group) => lazily((action) => (input: unknown) => call(`${group}:${action}` as Channel, input as never))) as unknown as Api;
}
