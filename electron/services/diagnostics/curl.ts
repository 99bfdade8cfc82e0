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
  // A replayed Sale is a new charge: whoever pastes it reads this first.
  const warning = endpoint && endpoints[endpoint].movesMoney ? `${moneyWarning(endpoint)}\n` : '';
  const command = [
    'curl -sS -X POST',
    shellQuote(url),
    "-H 'Content-Type: application/json'",
    '--data-binary',
    shellQuote(JSON.stringify(redactedBody)),
  ].join(' ');
  return redactor.text(warning + command);
}

/** The shell comment above a money-moving request: running it moves the money again. */
export function moneyWarning(endpoint: EndpointName): string {
  return `# WARNING: this ${endpoint} moves money. Running it sends the ${endpoint} to the terminal again: a second charge, refund or change, not a look at the first one. To see what happened, replay its Status lookup instead.`;
}
