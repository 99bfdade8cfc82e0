import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { SOAK_E2E_FILES, SOAK_NODE_FILES } from './tests/support/tier.ts';
import { compileMessagesPlugin } from './scripts/vite-compile-messages.ts';

// The one path alias (tsconfig.json "paths"), for every project below.
const resolve = { alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) } };

const SOAK_ENV = { SPIN_DESK_TIER: 'soak' };
/**
 * The node and component projects (`npm run test:unit`): one worker more than cores, since many
 * node files wait on children, sockets and a paused process rather than on the CPU (on two cores,
 * 218 s -> 188 s, every test passing). Both the same: Vitest runs projects of one group together
 * only when their maxWorkers agree.
 */
const UNIT_WORKERS = availableParallelism() + 1;
/** Only the soak runs these. */
const SOAK_ONLY = '**/*.soak.test.ts';

// Three kinds of tests, one runner, in two tiers (README, "Tests"):
// - unit: plain Node, next to the code (*.test.ts), plus integration/fault/fuzz suites that talk to
//   a real simulator over loopback
// - component: Svelte components in jsdom
// - e2e: the real renderer in Debian's Chromium through the browser host (run one file at a time)
// - soak and soak-e2e: the full counts of the tiered files above (SPIN_DESK_TIER=soak)
// - electron: the desktop app in the real Electron binary; only through `npm run test:electron`
//   (scripts/test-electron.mjs), which says "not run" where there is no binary
export default defineConfig({
  test: {
    // Vitest's own default left one core of two idle here: most files wait on sockets, children
    // and the browser rather than on the CPU.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        resolve,
        test: {
          name: 'node',
          environment: 'node',
          maxWorkers: UNIT_WORKERS,
          include: [
            'shared/**/*.test.ts',
            'electron/**/*.test.ts',
            'simulator/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/fault/**/*.test.ts',
            'tests/fuzz/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'tests/packaging/**/*.test.ts',
          ],
          exclude: [SOAK_ONLY, '**/node_modules/**'],
          testTimeout: 20_000,
        },
      },
      {
        resolve,
        test: {
          name: 'soak',
          environment: 'node',
          include: SOAK_NODE_FILES,
          env: SOAK_ENV,
          testTimeout: 20_000,
        },
      },
      {
        // The components read the compiled message catalogue (generated, git-ignored): compiled first.
        plugins: [compileMessagesPlugin(), svelte(), svelteTesting()],
        resolve,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['renderer/**/*.test.ts'],
          // One jsdom per worker, not per file: building it was most of this project's time.
          // tests/support/component-setup.ts gives each file fresh modules all the same.
          isolate: false,
          setupFiles: ['tests/support/component-setup.ts'],
          maxWorkers: UNIT_WORKERS,
          // Vitest's 5 s was overrun by a screen test that waits on several fake round trips while a
          // loaded two-core machine ran other suites beside it.
          testTimeout: 15_000,
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/shared-browser.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          // Files share a worker's module cache (Playwright, the harness and the app's modules are
          // loaded once, not 31 times: 305 s -> 263 s on two cores). Each file still opens its own
          // app, simulator and browser contexts; the soak runs every e2e file isolated, so a file
          // that passes only on what another left behind fails there.
          isolate: false,
        },
      },
      {
        resolve,
        test: {
          name: 'soak-e2e',
          environment: 'node',
          include: SOAK_E2E_FILES,
          globalSetup: ['tests/e2e/shared-browser.ts'],
          env: SOAK_ENV,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve,
        test: {
          name: 'electron',
          environment: 'node',
          include: ['tests/electron/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
