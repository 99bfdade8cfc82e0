import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './shared-browser';

// `npm run start:browser` as a user runs it: the printed URL opens the app shell on the built-in
// demo terminal. Uses the real script (which builds the renderer when it is missing).
describe('npm run start:browser', () => {
  let child: ChildProcess;
  let browser: Browser;
  let firstLine = '';
  /** Everything printed before and with the address, and what stderr said while the page ran. */
  const printed: string[] = [];
  let stderr = '';

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'spin-desk-start-'));
    child = spawn(process.execPath, ['scripts/start-browser.mjs', '--port', '0', '--data-dir', dataDir, '--demo-delay-ms', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    firstLine = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.on('line', (line) => {
        printed.push(line);
        if (/http:\/\//.test(line)) resolve(line);
      });
      child.once('exit', (code) => reject(new Error(`start:browser exited with ${code} before printing a URL`)));
    });
    browser = await openBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('prints the loopback URL on a line of its own, under what to do with it', () => {
    expect(firstLine).toMatch(/^\s+http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+$/);
    expect(printed.join('\n')).toMatch(/Open this address in your browser:\n\n\s+http/);
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

  it('keeps the console quiet while the page works: no request lines without --verbose', () => {
    expect(stderr).not.toMatch(/"path"|"status"/);
  });

  it('refuses an old address with a page that says what happened and how to get the current one', async () => {
    const origin = /(http:\/\/127\.0\.0\.1:\d+)/.exec(firstLine)?.[1] ?? '';
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(403);
    const page = await (await browser.newContext()).newPage();
    const answer = await page.goto(`${origin}/?token=fromanearlierstart`);
    expect(answer?.status()).toBe(403);
    await page.getByRole('heading', { name: 'This address is from an earlier start of spin-desk', level: 1 }).waitFor();
    expect(await page.locator('main').textContent()).toContain('Open this address in your browser');
    expect(await page.locator('script').count()).toBe(0);
  });
});
