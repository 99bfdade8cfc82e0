// Two tiers of the same tests (README, "Tests"). `npm test` is the fast tier: every kind of check,
// with the long randomised runs cut to a fixed sample. `npm run test:soak` sets SPIN_DESK_TIER=soak
// (vitest.config.ts, the soak projects) and runs the full counts.
//
// The fast tier's sample is always the first runs of the soak's own sequence: the same seed with
// a smaller count (fast-check and our seeded loops draw run i the same way whatever the count),
// so a soak failure at run k < fast count also fails `npm test`, and any soak failure replays
// alone in seconds from the seed and run the failure message prints.

export type Tier = 'fast' | 'soak';

export const tier: Tier = process.env.SPIN_DESK_TIER === 'soak' ? 'soak' : 'fast';

/** How many (runs, rows) in this tier: `fast` in `npm test`, `soak` in `npm run test:soak`. */
export function tierCount(counts: { fast: number; soak: number }): number {
  return tier === 'soak' ? counts.soak : counts.fast;
}

/**
 * The soak tier's files (vitest.config.ts, projects soak and soak-e2e): those whose counts depend on
 * the tier (they call tierCount and run a fixed sample of the same seeds in `npm test`), plus the
 * *.soak.test.ts files, which only the soak runs (the real 330 s wait). Every e2e file is in the
 * soak: the harness checks each screen in both colour schemes there and in one in `npm test`, and
 * some files also walk their flows at a second window size (viewport-kit.ts).
 * tests/lint/tiers.test.ts keeps these lists and the files that read the tier in step.
 */
export const SOAK_NODE_FILES = [
  'electron/services/journal/sqlite-journal.test.ts',
  'tests/fault/crash.test.ts',
  'tests/fault/disk-crash.test.ts',
  'tests/fault/faults.test.ts',
  'tests/fault/lost-wal.test.ts',
  'tests/fault/real-world.test.ts',
  'tests/fuzz/ipc-channels.test.ts',
  'tests/fuzz/simulator-garbage.test.ts',
  'tests/fuzz/spin-client-responses.test.ts',
  'tests/**/*.soak.test.ts',
];
export const SOAK_E2E_FILES = ['tests/e2e/**/*.test.ts'];
