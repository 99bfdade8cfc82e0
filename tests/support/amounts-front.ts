// A front on loopback before the real simulator that bends the Amounts of its answers: a terminal
// that sends a FeeAmount of -0.50, 1e15 or "abc" (issue 38). Everything else goes through as the
// simulator does it (its batch, its Summary, its Status), so only the figures the test names lie.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Amounts fields to put into every transaction record an endpoint answers (raw JSON values, any shape). */
export type AmountsPatch = Record<string, unknown>;

export interface AmountsFront {
  url: string;
  /** From now on, records answered by these endpoints ("Sale", "Status", ...) carry the patch; null: none. */
  bend(endpoints: readonly string[], patch: AmountsPatch | null): void;
  /** From now on, every answer of this endpoint ("Summary", "Settle") is changed by `change` (null: left alone). */
  rewrite(endpoint: string, change: ((body: Record<string, unknown>) => void) | null): void;
  /** The next answer of this endpoint is lost after the terminal processed the request (the socket is cut). */
  loseNext(endpoint: string): void;
  close(): Promise<void>;
}

export async function startAmountsFront(simulatorUrl: string): Promise<AmountsFront> {
  let bent: { endpoints: ReadonlySet<string>; patch: AmountsPatch } | null = null;
  const lose = new Set<string>();
  const rewrites = new Map<string, (body: Record<string, unknown>) => void>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const upstream = await fetch(new URL(req.url ?? '/', simulatorUrl), {
        method: req.method ?? 'GET',
        headers: { 'content-type': 'application/json' },
        ...(req.method === 'GET' ? {} : { body: Buffer.concat(chunks) }),
      });
      let text = await upstream.text();
      const endpoint = (req.url ?? '').split('?')[0]?.split('/').pop() ?? '';
      if (lose.delete(endpoint)) {
        res.socket?.destroy();
        return;
      }
      const change = rewrites.get(endpoint);
      if (bent?.endpoints.has(endpoint) || change) {
        const body = JSON.parse(text) as Record<string, unknown> & { Amounts?: Record<string, unknown> };
        if (bent?.endpoints.has(endpoint) && body.Amounts) body.Amounts = { ...body.Amounts, ...bent.patch };
        change?.(body);
        text = JSON.stringify(body);
      }
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(text);
    })().catch(() => res.socket?.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bend: (endpoints, patch) => {
      bent = patch ? { endpoints: new Set(endpoints), patch } : null;
    },
    rewrite: (endpoint, change) => {
      if (change) rewrites.set(endpoint, change);
      else rewrites.delete(endpoint);
    },
    loseNext: (endpoint) => {
      lose.add(endpoint);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
