// A bare Node HTTP server that answers every request with one fixed body (JSON unless --type): the baseline the SPIn
// client and the simulator are measured against. It reads the request body in full (as any real
// server must) and does nothing else, so whatever a measured part costs beyond it is that part's own.
//
// Run as its own process so its CPU is not the measured side's: prints its URL on the first line,
// reads the body to answer from the file named by --body.
//
//   node --import tsx bench/support/canned-server.ts --body <file> [--type text/html]
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';

const at = process.argv.indexOf('--body');
const file = at < 0 ? undefined : process.argv[at + 1];
if (!file) {
  process.stderr.write('canned-server needs --body <file with the JSON answer>\n');
  process.exit(2);
}
const typeAt = process.argv.indexOf('--type');
const type = typeAt < 0 ? 'application/json' : (process.argv[typeAt + 1] ?? 'application/json');
const body = readFileSync(file);
const headers = { 'Content-Type': `${type}; charset=utf-8`, 'Content-Length': String(body.length) };

const server = createServer((req, res) => {
  req.on('data', () => undefined);
  req.on('end', () => {
    res.writeHead(200, headers);
    res.end(body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
