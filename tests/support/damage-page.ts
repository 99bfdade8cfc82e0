import Database from 'better-sqlite3';
import { closeSync, openSync, readSync, writeSync } from 'node:fs';

// Damage done to a stopped journal the way a failing disk or a stray write does it: bytes of one
// page of one table or index overwritten in place. The page is found through SQLite's own schema
// (sqlite_master's rootpage); with a small journal every object fits in its root page.

/** Every table and index of a database file with its root page (page 1, the schema itself, left out). */
export function objectsOf(file: string): { name: string; type: string; rootpage: number }[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT name, type, rootpage FROM sqlite_master WHERE rootpage > 1 ORDER BY name').all() as {
      name: string;
      type: string;
      rootpage: number;
    }[];
  } finally {
    db.close();
  }
}

function pageOf(file: string, name: string): { offset: number; size: number } {
  const db = new Database(file, { readonly: true });
  try {
    const row = db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').get(name) as { rootpage: number } | undefined;
    if (!row) throw new Error(`${file} has no table or index named ${name}`);
    const size = db.pragma('page_size', { simple: true }) as number;
    return { offset: (row.rootpage - 1) * size, size };
  } finally {
    db.close();
  }
}

/** Overwrites the b-tree header of `name`'s root page with an invalid page type: SQLite reads it as SQLITE_CORRUPT. */
export function damagePage(file: string, name: string): void {
  const { offset } = pageOf(file, name);
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(12, 0x00), 0, 12, offset);
  } finally {
    closeSync(fd);
  }
}

/**
 * Changes a key inside `name`'s root page without breaking its structure: the text `from` becomes
 * `to` (same length). An index page damaged so reads as valid and answers "no rows" for `from`.
 */
export function alterKey(file: string, name: string, from: string, to: string): void {
  if (from.length !== to.length) throw new Error('alterKey keeps the length: the page must stay well-formed');
  const { offset, size } = pageOf(file, name);
  const fd = openSync(file, 'r+');
  try {
    const page = Buffer.alloc(size);
    readSync(fd, page, 0, size, offset);
    const at = page.indexOf(from);
    if (at < 0) throw new Error(`${name}'s root page does not hold ${from}`);
    writeSync(fd, Buffer.from(to), 0, to.length, offset + at);
  } finally {
    closeSync(fd);
  }
}
