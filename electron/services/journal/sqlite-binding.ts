import Database from 'better-sqlite3';
import { createRequire } from 'node:module';

// Every SQLite database spin-desk opens (the journal, the data folder's lock) is opened here, so
// that one place decides which compiled better-sqlite3 module is loaded. Node (tests, the browser
// host) and a packaged Electron app use the one in node_modules. The unpackaged Electron app
// (`npm start`) cannot: node_modules holds the build for Node's ABI, so the shell points this at
// the copy scripts/electron-sqlite.mjs built for Electron.

let binding: string | undefined;

/** Called once by the Electron shell before anything opens a database; only when not packaged. */
export function useSqliteBinding(path: string): void {
  binding = path;
}

/** Opens (creating when missing, unless read-only) a database file, never waiting on another process's lock. */
export function openSqlite(path: string, options: { readonly?: boolean } = {}): Database.Database {
  return new Database(path, { timeout: 0, ...options, ...(binding ? { nativeBinding: binding } : {}) });
}

/** Where better-sqlite3 is, for a worker thread that opens a database of its own (a backup's check). */
export function sqliteModulePath(): string {
  return createRequire(import.meta.url).resolve('better-sqlite3');
}

/** The compiled module useSqliteBinding() chose, if any. */
export function sqliteBindingPath(): string | undefined {
  return binding;
}
