// One Chromium for the whole e2e run (vitest's globalSetup for the e2e projects): started once,
// shared by every file, each of which opens contexts of its own (nothing is shared between them
// but the browser process). Starting Chromium per file cost a few seconds each time.
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

/** Debian's Chromium, or the one SPIN_DESK_CHROMIUM names (CI on Windows and macOS uses Playwright's). */
export const CHROMIUM_PATH = process.env.SPIN_DESK_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the shared Chromium's Playwright server listens. */
    chromiumEndpoint: string;
  }
}

/** globalSetup: starts the browser server and tells the test files where it is. */
export default async function startSharedBrowser(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}

/**
 * In a test file: a connection to the run's shared browser (closing it closes only this file's
 * contexts). Outside vitest (the benchmarks drive the same harness): a browser of its own, which
 * closing ends.
 */
export function openBrowser(): Promise<Browser> {
  if (process.env.VITEST) return chromium.connect(inject('chromiumEndpoint'));
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
