// The proxy's pipeline for one SPIn request, in the documented order of checks:
// schema and the live proxy's extra rules (HTTP 400 / 2201) -> Tpn (2003) -> Authkey (2002) ->
// online (2001) -> busy (2008) -> scenario -> terminal work with SPInProxyTimeout (2007). Path and JSON are checked before, in
// server.ts. Everything after the schema check is HTTP 200.
import { describeIssues, endpoints, type EndpointName } from '@shared/spin';
import { handlers, type HandlerContext } from './handlers';
import { proxyRuleViolation } from './proxy-rules';
import { bare, busy, invalidRequest, type WireBody } from './replies';
import { decideIntent, type Intent } from './scenarios';
import type { SimulatorState } from './state';
import type { Terminal } from './terminal';
import { WorkRunner } from './work';

export interface SpinReply {
  status: number;
  body: WireBody;
}

interface Addressed extends Record<string, unknown> {
  Tpn: string;
  Authkey: string;
  SPInProxyTimeout?: number | null;
}

type AnyHandler = (ctx: HandlerContext, request: unknown) => WireBody;

const answer = (body: WireBody): SpinReply => ({ status: 200, body });

/** Status reads the record as it is: nothing forced, nothing queued is consumed. */
const PLAIN_READ: Intent = { kind: 'terminal', override: { kind: 'none' }, answer: null };

export class Dispatcher {
  constructor(
    private readonly state: SimulatorState,
    private readonly runner: WorkRunner,
    private readonly processingDelayMs: number,
  ) {}

  async handle(name: EndpointName, body: unknown): Promise<SpinReply> {
    const parsed = endpoints[name].request.safeParse(body);
    if (!parsed.success) return { status: 400, body: invalidRequest(describeIssues(parsed.error)) };
    const request = parsed.data as Addressed;
    const violation = proxyRuleViolation(request);
    if (violation) return { status: 400, body: invalidRequest(violation) };
    const terminal = this.state.terminals.get(request.Tpn);
    if (!terminal) return answer(bare('2003', `No terminal with TPN ${request.Tpn} is registered`));
    if (request.Authkey !== terminal.authkey) return answer(bare('2002', `Authkey does not match TPN ${request.Tpn}`));
    if (!terminal.online) return answer(bare('2001', `Terminal ${request.Tpn} is offline`));
    if (terminal.inUseUntil !== null && Date.now() < terminal.inUseUntil) {
      return answer(busy((terminal.inUseUntil - Date.now()) / 1000));
    }
    // Status is answered from the proxy's record, even while the terminal is busy (docs/PROTOCOL.md §9.4):
    // it is how a client recovers after a timeout, so it must never be refused with 2008.
    if (name === 'Status') return answer(this.perform(terminal, name, request, PLAIN_READ));
    if (terminal.busy) return answer(busy(WorkRunner.remainingSeconds(terminal.busy)));

    const intent = decideIntent(terminal, name, request);
    this.state.changed(); // the intent may have consumed a queued answer or outcome
    if (intent.kind === 'proxy') return answer(intent.body);
    const timeoutSeconds = request.SPInProxyTimeout ?? endpoints[name].defaultProxyTimeout;
    const reply = await this.runner.run(terminal, {
      delayMs: intent.kind === 'hold' ? null : this.processingDelayMs,
      timeoutMs: timeoutSeconds * 1000,
      work: () => this.perform(terminal, name, request, intent),
    });
    return answer(reply);
  }

  private perform(terminal: Terminal, name: EndpointName, request: Addressed, intent: Intent): WireBody {
    const ctx: HandlerContext = {
      terminal,
      override: intent.kind === 'terminal' ? intent.override : { kind: 'none' },
      answer: intent.kind === 'terminal' ? intent.answer : null,
      now: new Date(),
      tipMode: this.state.tipModeFor(terminal.tpn),
    };
    return (handlers[name] as AnyHandler)(ctx, request);
  }
}
