import type { HostLogEntry } from './host-log';

// What `npm run start:browser` prints while it runs. By default only what someone at the console
// must know (a problem, said once in words) so the address to open stays on screen; with
// --verbose every request line, as JSON, for whoever is debugging the host.

export interface ConsoleSinkOptions {
  verbose: boolean;
  /** Writes one line to the console (stderr); the caller redacts. */
  write: (line: string) => void;
}

export function consoleSink(options: ConsoleSinkOptions): (line: string, entry: HostLogEntry) => void {
  if (options.verbose) return (line) => options.write(line);
  // The same problem every few seconds (a lookup waiting for an Authkey) is said once.
  const said = new Set<string>();
  return (_line, entry) => {
    if (!entry.note) return;
    if (said.has(entry.note)) return;
    said.add(entry.note);
    options.write(`spin-desk: ${entry.note}`);
  };
}
