import { endpoints, queryRedacted, type EndpointName } from '@shared/spin/endpoints';
import type { Redactor } from '../security/redactor';

/** Quotes one argument for a POSIX shell: inside single quotes nothing is special but the quote. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The request as a curl command for support to replay. The body is the redacted one, so the
 * Authkey reads <AUTH_KEY>: whoever runs it types the key in themselves. TerminalStatus is a GET
 * whose key travels in the query, which reads <AUTH_KEY> too (queryRedacted). The finished command
 * goes through the Redactor once more, in case anything secret slipped into the URL.
 */
export function curlCommand(url: string, redactedBody: unknown, redactor: Redactor, endpoint?: EndpointName): string {
  if (endpoint && endpoints[endpoint].method === 'GET') return redactor.text(`curl -sS ${shellQuote(queryRedacted(url))}`);
  const command = [
    'curl -sS -X POST',
    shellQuote(url),
    "-H 'Content-Type: application/json'",
    '--data-binary',
    shellQuote(JSON.stringify(redactedBody)),
  ].join(' ');
  return redactor.text(command);
}
