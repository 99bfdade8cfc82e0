// Helpers shared by the simulator's tests (unit, integration, property, fault): a
// tiny SPIn client over fetch that checks every answer against the shared response schema of its
// endpoint, so no test can pass on a body the app could not read; and the "other host" that
// real-world redirects point to.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeIssues, endpoints, type EndpointName, type ResponseOf } from '@shared/spin';
import type { TerminalCredentials } from '../../simulator';

export const TEST_TERMINAL: TerminalCredentials = { tpn: 'TESTTPN00001', authkey: 'TESTKEY001' };

export interface SpinAnswer<N extends EndpointName> {
  status: number;
  /** The body exactly as sent. */
  body: Record<string, unknown> & { GeneralResponse: Record<string, unknown> };
  /** The body as the app reads it (shared response schema). */
  parsed: ResponseOf<N>;
}

/** Throws when a body does not parse with the endpoint's response schema. */
export function parseResponse<N extends EndpointName>(name: N, body: unknown): ResponseOf<N> {
  const result = endpoints[name].response.safeParse(body);
  if (!result.success) {
    throw new Error(`${name} response does not match the shared schema: ${describeIssues(result.error)}\n${JSON.stringify(body)}`);
  }
  return result.data as ResponseOf<N>;
}

export function spinClient(baseUrl: string, credentials: TerminalCredentials = TEST_TERMINAL) {
  return {
    /** POSTs fields + credentials to the endpoint's path; `creds: false` leaves the credentials out. */
    async post<N extends EndpointName>(name: N, fields: Record<string, unknown>, creds = true): Promise<SpinAnswer<N>> {
      const payload = creds ? { Tpn: credentials.tpn, Authkey: credentials.authkey, ...fields } : fields;
      const res = await fetch(`${baseUrl}${endpoints[name].path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      });
      const body = (await res.json()) as SpinAnswer<N>['body'];
      return { status: res.status, body, parsed: parseResponse(name, body) };
    },
  };
}

export type SpinClient = ReturnType<typeof spinClient>;

/** Code pair of an answer, for compact assertions: "0/0000", "1/1011". */
export function codes(body: { GeneralResponse?: { ResultCode?: unknown; StatusCode?: unknown } | null }): string {
  return `${String(body.GeneralResponse?.ResultCode)}/${String(body.GeneralResponse?.StatusCode)}`;
}

/** One request the other host received. */
export interface OtherHostRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface OtherHost {
  url: string;
  /** Everything that ever reached it, in order: a test proves "nothing was sent there" with this. */
  requests: OtherHostRequest[];
  close(): Promise<void>;
}

/**
 * The host a real-world redirect points to (a captive portal, a hijacked or stale DNS entry): it
 * records every request it gets and answers like a SPIn service that approves whatever it is sent,
 * so a client that follows the redirect not only leaks the request but is also told "approved".
 */
export async function startOtherHost(): Promise<OtherHost> {
  const requests: OtherHostRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: { ...req.headers }, body });
      let echo: { ReferenceId?: unknown; Amount?: unknown } = {};
      try {
        echo = (JSON.parse(body) ?? {}) as typeof echo;
      } catch {
        // A GET after a 301/302 has no body: the answer is an approval all the same.
      }
      const reply = {
        GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: 'Approved', DetailedMessage: 'APPROVAL OTHER1' },
        TransactionType: 'Sale',
        ReferenceId: typeof echo.ReferenceId === 'string' ? echo.ReferenceId : '',
        Amounts: { TotalAmount: echo.Amount ?? 0, Amount: echo.Amount ?? 0 },
        AuthCode: 'OTHER1',
      };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
