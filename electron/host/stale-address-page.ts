// The page a browser gets for an address without this launch's token: typically one saved or
// left open from an earlier start (the token changes at every start, and the cookie that replaces
// it lasts only as long as the browser session). Static text, no script, no styles from elsewhere.

import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { currentLanguage } from '@shared/i18n/current-language';

export const STALE_ADDRESS_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The page, worded at each request in the language the host speaks then. The catalogue's words hold
 * no markup; the commands are put in as code.
 */
export function staleAddressPage(): string {
  const code = (text: string) => `<code>${text}</code>`;
  return `<!doctype html>
<html lang="${currentLanguage()}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${m.sys_stale_title()}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  main { max-width: 40rem; margin: 3rem auto; padding: 0 1.25rem; }
  h1 { font-size: 1.5rem; }
  code { font-size: 1rem; }
</style>
</head>
<body>
<main>
<h1>${m.sys_stale_heading()}</h1>
<p>${m.sys_stale_why()}</p>
<h2>${m.sys_stale_how()}</h2>
<ol>
<li>${m.sys_stale_step_window({ browser: code('npm run start:browser'), desktop: code('npm start') })}</li>
<li>${m.sys_stale_step_copy()}</li>
<li>${m.sys_stale_step_restart()}</li>
</ol>
</main>
</body>
</html>
`;
}
