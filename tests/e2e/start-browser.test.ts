import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './harness';

// `npm run start:browser` as a user runs it: the printed URL opens the app shell on the built-in
// demo terminal. Uses the real script (which builds the renderer when it is missing).
describe('npm run start:browser', () => {
  let child: ChildProcess;
  let browser: Browser;
  let firstLine = '';

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'spin-desk-start-'));
    child = spawn(process.execPath, ['scripts/start-browser.mjs', '--port', '0', '--data-dir', dataDir, '--demo-delay-ms', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    firstLine = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`start:browser exited with ${code} before printing a URL`)));
    });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('prints a loopback URL as its first line', () => {
    expect(firstLine).toMatch(/http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+$/);
  });

  it('serves the app shell on the demo terminal at that URL', async () => {
    const url = /(http:\/\/\S+)/.exec(firstLine)?.[1] ?? '';
    const page = await browser.newPage();
    await page.goto(url);
    await expect.poll(() => page.getByRole('navigation').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByLabel('Active terminal').textContent()).toContain('Demo terminal');
    // The token was traded for a cookie: the address bar no longer shows it.
    expect(page.url()).not.toContain('token=');
  });

  it('refuses the same address without the token', async () => {
    const origin = /(http:\/\/127\.0\.0\.1:\d+)/.exec(firstLine)?.[1] ?? '';
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(403);
  });
});
