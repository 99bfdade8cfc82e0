import type { Channel } from '@shared/ipc/contract';

/**
 * Which channels send a request to a terminal. Every channel is named, so a new one is a type
 * error until someone decides. journal:recover is left out on purpose: the journal looks an entry
 * up on the terminal that entry was sent to, whichever one is active, and History shows its progress.
 */
const TO_TERMINAL: Record<Channel, boolean> = {
  'app:info': false,
  'app:storage': false,
  'app:updates': false,
  'app:language': false,
  'profiles:list': false,
  'profiles:save': false,
  'profiles:delete': false,
  'profiles:select': false,
  'profiles:setAuthkey': false,
  'profiles:secretStorage': false,
  'profiles:export': false,
  'profiles:import': false,
  'payments:sale': true,
  'payments:auth': true,
  'payments:capture': true,
  'payments:return': true,
  'payments:void': true,
  'payments:tipAdjust': true,
  'payments:balance': true,
  'transactions:status': true,
  'transactions:list': true,
  'transactions:offline': true,
  'journal:list': false,
  'journal:exportCsv': false,
  'journal:pending': false,
  'journal:recover': false,
  'journal:stopRecovery': false,
  'journal:check': false,
  'journal:backups': false,
  'journal:restore': false,
  'reports:summary': true,
  'reports:daily': true,
  'reports:print': false,
  'reports:savePdf': false,
  'batch:settle': true,
  'batch:settlement': false,
  'batch:reconcile': true,
  'store:overview': false,
  'store:refresh': true,
  // These ask every terminal, none of them the active one in particular: main refuses a sale on a
  // terminal Settle all is closing (TERMINAL_BUSY, terminal-activity.ts), and the Store screen shows the run.
  'store:check': false,
  'store:settlePlan': false,
  'store:settleAll': false,
  'store:settleAllProgress': false,
  'invoices:show': true,
  'invoices:select': true,
  'prompts:userInput': true,
  'prompts:userChoice': true,
  'prompts:getCard': true,
  'display:cart': true,
  'lineitems:add': true,
  'lineitems:remove': true,
  'demo:setNext': false,
  'diagnostics:check': true,
  // A test sale, its Status and its Void on the terminal.
  'diagnostics:verifyTips': true,
  // Status, then perhaps a Void, on the test sale's terminal.
  'diagnostics:resolveTestSale': true,
  'diagnostics:lastCheck': false,
  'diagnostics:log': false,
  'diagnostics:logEntry': false,
  'diagnostics:curl': false,
  'diagnostics:clearLog': false,
  'diagnostics:terminalState': false,
  'diagnostics:bundle': false,
  // Both answer at once and must never lock the picker: the cancel of a waiting request, the header's status.
  'terminal:abort': false,
  'terminal:status': false,
};

/** The key of requests sent without a profileId: main sends them to the active terminal. */
const ACTIVE = '';

function terminalOf(input: unknown): string {
  const profileId = typeof input === 'object' && input !== null ? (input as { profileId?: unknown }).profileId : undefined;
  return typeof profileId === 'string' && profileId !== '' ? profileId : ACTIVE;
}

/**
 * The requests out on each terminal right now, counted by api.call(). While one is out, switching
 * away from that terminal is locked (the terminal picker, "Use for sales"): the screen waiting for
 * the answer, and the header, must keep naming the terminal the customer is standing at.
 */
class InFlight {
  #out = $state<Record<string, number>>({});

  /** Counts a call while it is out and returns what ends it; a call that reaches no terminal is not counted. */
  begin(channel: Channel, input: unknown): () => void {
    if (!TO_TERMINAL[channel]) return () => {};
    const key = terminalOf(input);
    this.#out[key] = (this.#out[key] ?? 0) + 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#out[key] = (this.#out[key] ?? 1) - 1;
    };
  }

  /** True while a request is out on this terminal (named, or as "the active one"). */
  on(profileId: string | null): boolean {
    return (this.#out[ACTIVE] ?? 0) > 0 || (profileId !== null && (this.#out[profileId] ?? 0) > 0);
  }
}

export const inFlight = new InFlight();
