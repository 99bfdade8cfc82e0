// Helpers shared by the simulator's tests (unit, integration, property) and the bench: a tiny
// SPIn client over fetch that checks every answer against the shared response schema of its
// endpoint, so no test can pass on a body the app could not read.
import { describeIssues, endpoints, type EndpointName, type ResponseOf } from '../shared/spin';
import type { TerminalCredentials } from './state';

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
