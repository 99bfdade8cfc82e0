// Answering one request in real-world mode: what stands in front of the proxy may answer instead
// (a redirect, a 429, a load balancer's HTML 502, before or after forwarding), lookups may come
// back busy or as 2009, the JSON may be written differently, and the body may arrive slowly or
// drip in small pieces after the headers went out at once.
import type { ServerResponse } from 'node:http';
import type { SpinReply } from '../dispatch';
import { JSON_TYPE, sendText } from '../http-io';
import type { WireBody } from '../replies';
import type { Variant } from './config';
import type { Plan, Refusal } from './plan';
import { delayTopLevel, docsSample } from './docs-sample';
import { busyLookup, extraFields, notFound2009, nulls, numericCodes, offType } from './rewrite';

const REDIRECT_TEXT: Record<number, string> = {
  301: 'Moved Permanently',
  302: 'Found',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
};

/** What two common load balancers send when the service behind them fails. */
const LB_PAGES: readonly { server: string; html: string }[] = [
  {
    server: 'nginx',
    html: '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
  },
  {
    server: 'awselb/2.0',
    html: '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n',
  },
];

/** What an unhandled exception in the service answers, as seen live for a malformed nested object. */
export const SERVER_ERROR_BODY = '{"Message":"An error has occurred."}';

/** Writes between drip chunks are at least this far apart; big answers get bigger chunks instead. */
const MIN_DRIP_GAP_MS = 10;

/** Answers still trickling out; close() cuts them so no timer outlives the server. */
export class Deliveries {
  readonly #cancels = new Set<() => void>();

  add(cancel: () => void): () => void {
    this.#cancels.add(cancel);
    return () => this.#cancels.delete(cancel);
  }

  cancelAll(): void {
    for (const cancel of [...this.#cancels]) cancel();
  }
}

function sendRefusal(res: ServerResponse, refusal: Refusal): number {
  switch (refusal.kind) {
    case 'redirect': {
      const text = REDIRECT_TEXT[refusal.status] ?? 'Redirect';
      const html = `<html><head><title>${refusal.status} ${text}</title></head><body><h1>${text}</h1><a href="${refusal.location}">here</a></body></html>`;
      sendText(res, refusal.status, html, { 'Content-Type': 'text/html', Location: refusal.location });
      return refusal.status;
    }
    case 'rate-limit':
      sendText(res, 429, '{"message":"Too Many Requests"}', { 'Retry-After': String(refusal.retryAfterSeconds) });
      return 429;
    case 'html-502': {
      const page = LB_PAGES[refusal.page] ?? LB_PAGES[0];
      sendText(res, 502, page?.html ?? '', { 'Content-Type': 'text/html', Server: page?.server ?? 'nginx' });
      return 502;
    }
    case 'server-error-500':
      // The service's framework's own error body: JSON, but no GeneralResponse (docs/PROTOCOL.md §1.4).
      sendText(res, 500, SERVER_ERROR_BODY);
      return 500;
  }
}

/** The SPIn answer as this deployment writes it; records in `applied` what changed. */
function rewrite(plan: Plan, reply: SpinReply['body'], request: Record<string, unknown>, applied: Set<Variant>): SpinReply['body'] {
  // The framework's own 500 for a malformed body is no SPIn answer: no variant writes it differently.
  if (!('GeneralResponse' in reply) && !('TerminalStatus' in reply)) return reply;
  // The rewrites look for a GeneralResponse and records and leave alone what has none (TerminalStatus);
  // the lookups (busy-lookup, not-found-2009) are planned for Status only, which always has one.
  let body = structuredClone(reply) as WireBody;
  const swapped =
    plan.lookup === 'busy-lookup' ? busyLookup(body, request) : plan.lookup === 'not-found-2009' ? notFound2009(body, request) : null;
  if (swapped && plan.lookup) {
    body = swapped;
    applied.add(plan.lookup);
  }
  const { shapes, masks } = plan;
  if (shapes.has('numeric-codes') && numericCodes(body)) applied.add('numeric-codes');
  if (shapes.has('off-type') && offType(body, masks.offType)) applied.add('off-type');
  if (shapes.has('extra-fields') && extraFields(body, masks.extra)) applied.add('extra-fields');
  if (shapes.has('nulls') && nulls(body, masks.nulls)) applied.add('nulls');
  if (shapes.has('docs-sample') && docsSample(body)) applied.add('docs-sample');
  if (shapes.has('delay-top-level') && delayTopLevel(body)) applied.add('delay-top-level');
  return body;
}

/** Headers at once, then the body after `ms` (slow) or spread over `ms` in small writes (drip). */
function deliver(
  res: ServerResponse,
  status: number,
  payload: string,
  delivery: NonNullable<Plan['delivery']>,
  deliveries: Deliveries,
): void {
  if (res.headersSent || res.destroyed) return;
  const bytes = Buffer.from(payload, 'utf8');
  res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': bytes.length });
  res.flushHeaders();
  const pieces =
    delivery.kind === 'slow'
      ? 1
      : Math.max(1, Math.min(Math.ceil(bytes.length / delivery.chunkBytes), Math.floor(delivery.ms / MIN_DRIP_GAP_MS)));
  const size = Math.ceil(bytes.length / pieces);
  const started = Date.now();
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    clearTimeout(timer);
    forget();
  };
  const forget = deliveries.add(() => {
    stop();
    res.destroy();
  });
  const next = () => {
    // Piece i is due at (i + 1) / pieces of the way, so the whole body takes `ms` whatever the timer drift.
    const due = started + ((sent + 1) / pieces) * delivery.ms;
    timer = setTimeout(write, Math.max(0, due - Date.now()));
  };
  const write = () => {
    const piece = bytes.subarray(sent * size, (sent + 1) * size);
    sent += 1;
    if (sent >= pieces) {
      forget();
      res.end(piece);
    } else {
      res.write(piece);
      next();
    }
  };
  res.once('close', stop);
  next();
}

export interface RealWorldExchange {
  res: ServerResponse;
  plan: Plan;
  request: Record<string, unknown>;
  /** Hands the request to the proxy and terminal (the dispatcher). */
  handle: () => SpinReply | Promise<SpinReply>;
  deliveries: Deliveries;
}

export async function serveRealWorld({ res, plan, request, handle, deliveries }: RealWorldExchange): Promise<void> {
  const { event, refusal } = plan;
  if (refusal) {
    event.applied = [refusal.kind];
    if (refusal.kind === 'html-502' || refusal.kind === 'server-error-500') event.forwarded = refusal.forwarded;
    if (refusal.kind === 'redirect') event.location = refusal.location;
    if (refusal.kind === 'rate-limit') event.retryAfterSeconds = refusal.retryAfterSeconds;
    // A load balancer that forwarded first, or a service that failed while answering, fails only
    // after the terminal carried the request out.
    if ((refusal.kind === 'html-502' || refusal.kind === 'server-error-500') && refusal.forwarded) await handle();
    event.httpStatus = sendRefusal(res, refusal);
    return;
  }
  const applied = new Set<Variant>();
  const reply = await handle();
  const payload = JSON.stringify(rewrite(plan, reply.body, request, applied));
  event.httpStatus = reply.status;
  if (plan.delivery) {
    applied.add(plan.delivery.kind);
    event.bodyMs = plan.delivery.ms;
  }
  event.applied = [...applied];
  if (plan.delivery) deliver(res, reply.status, payload, plan.delivery, deliveries);
  else sendText(res, reply.status, payload);
}
