// The page a browser gets for an address without this launch's token: typically one saved or
// left open from an earlier start (the token changes at every start, and the cookie that replaces
// it lasts only as long as the browser session). Static text, no script, no styles from elsewhere.

export const STALE_ADDRESS_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const STALE_ADDRESS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>spin-desk: open the current address</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  main { max-width: 40rem; margin: 3rem auto; padding: 0 1.25rem; }
  h1 { font-size: 1.5rem; }
  code { font-size: 1rem; }
</style>
</head>
<body>
<main>
<h1>This address is from an earlier start of spin-desk</h1>
<p>For safety, the address of the browser version changes every time spin-desk starts, so an older
address (a bookmark, a tab left open, a copied link) is refused. Nothing is wrong with your data.</p>
<h2>How to get the current address</h2>
<ol>
<li>Go to the window where spin-desk was started (<code>npm run start:browser</code> or <code>npm start</code>).</li>
<li>Copy the address shown under “Open this address in your browser” and open it here.</li>
<li>If spin-desk is no longer running, start it again there: it prints the new address.</li>
</ol>
</main>
</body>
</html>
`;
