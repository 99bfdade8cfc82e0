import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Proves the process-boundary and renderer-layer rules of eslint.config.js fire (and stay quiet
// where imports are fine).
const eslint = new ESLint();

async function restrictedImportMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('process boundaries', () => {
  it.each([
    ['renderer/screens/Bad.ts', "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n", /Only electron\/main/],
    ['renderer/lib/bad.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n", /no Node built-ins/],
    ['shared/spin/bad.ts', "import { join } from 'path';\nexport const x = join;\n", /no Node built-ins/],
    ['shared/ipc/bad.ts', "import { app } from 'electron';\nexport const x = app;\n", /Only electron\/main/],
    ['electron/services/bad.ts', "import { safeStorage } from 'electron';\nexport const x = safeStorage;\n", /Only electron\/main/],
    ['renderer/lib/bad2.ts', "import { startSimulator } from '../../simulator';\nexport const x = startSimulator;\n", /IPC contract/],
  ])('rejects a forbidden import in %s', async (filePath, code, expected) => {
    const messages = await restrictedImportMessages(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(expected);
  });

  it.each([
    ['electron/main/ok.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    ['electron/services/ok.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
    ['renderer/lib/ok.ts', "import { z } from 'zod';\nexport const x = z;\n"],
  ])('allows a permitted import in %s', async (filePath, code) => {
    expect(await restrictedImportMessages(code, filePath)).toEqual([]);
  });
});

// Svelte files go through the same rules; a component's imports sit in its <script>.
const svelteImport = (line: string) => `<script lang="ts">\n  ${line}\n  void x;\n</script>\n`;

describe('renderer layers', () => {
  it.each([
    [
      'renderer/lib/ui/Bad.svelte',
      svelteImport("import { profiles as x } from '../../state/profiles.svelte';"),
      /lib\/ is the bottom layer/,
    ],
    ['renderer/lib/ui/bad.ts', "import { SCREENS } from '../../screens';\nexport const x = SCREENS;\n", /lib\/ is the bottom layer/],
    ['renderer/lib/ui/Bad2.svelte', svelteImport("import x from '../../shell/TerminalPicker.svelte';"), /lib\/ is the bottom layer/],
    ['renderer/lib/ui/Bad3.svelte', svelteImport("import x from '../payment/OperationResultCard.svelte';"), /basic widgets/],
    ['renderer/lib/ui/bad4.ts', "import { api } from '../api';\nexport const x = api;\n", /call no api/],
    [
      'renderer/lib/payment/Bad.svelte',
      svelteImport("import { navigation as x } from '../../state/navigation.svelte';"),
      /lib\/ is the bottom layer/,
    ],
    ['renderer/lib/bad3.ts', "import { toasts } from '../state/toasts.svelte';\nexport const x = toasts;\n", /lib\/ is the bottom layer/],
    [
      'renderer/state/bad.svelte.ts',
      "import { history } from '../screens/history/history.svelte';\nexport const x = history;\n",
      /state\/ holds what several features share/,
    ],
    [
      'renderer/state/bad2.svelte.ts',
      "import { EMPTY_HISTORY_FILTER } from '../screens/history/history-filter';\nexport const x = EMPTY_HISTORY_FILTER;\n",
      /state\/ holds what several features share/,
    ],
    [
      'renderer/shell/Bad.svelte',
      svelteImport("import { sale as x } from '../screens/payments/drafts.svelte';"),
      /chrome around the screens/,
    ],
    [
      'renderer/screens/payments/Bad.svelte',
      svelteImport("import x from '../../shell/TerminalPicker.svelte';"),
      /Screens do not import the shell/,
    ],
  ])('rejects a layer violation in %s', async (filePath, code, expected) => {
    const messages = await restrictedImportMessages(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(expected);
  });

  it.each([
    ['renderer/lib/ui/bad.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n", /no Node built-ins/],
    ['renderer/state/bad.ts', "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n", /Only electron\/main/],
    ['renderer/shell/bad.ts', "import { startSimulator } from '../../simulator';\nexport const x = startSimulator;\n", /IPC contract/],
  ])('keeps the process boundaries in %s too', async (filePath, code, expected) => {
    const messages = await restrictedImportMessages(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(expected);
  });

  it.each([
    ['renderer/lib/ui/Ok.svelte', svelteImport("import x from './Notice.svelte';")],
    ['renderer/lib/ui/ok.ts', "import { ENVIRONMENT_BADGES } from '../environments';\nexport const x = ENVIRONMENT_BADGES;\n"],
    ['renderer/lib/payment/Ok.svelte', svelteImport("import x from '../ui/Notice.svelte';")],
    ['renderer/lib/payment/ok.ts', "import { api } from '../api';\nexport const x = api;\n"],
    ['renderer/state/ok.svelte.ts', "import { api } from '../lib/api';\nexport const x = api;\n"],
    ['renderer/shell/Ok.svelte', svelteImport("import { profiles as x } from '../state/profiles.svelte';")],
    [
      'renderer/screens/history/ok.svelte.ts',
      "import { EMPTY_HISTORY_FILTER } from './history-filter';\nexport const x = EMPTY_HISTORY_FILTER;\n",
    ],
    ['renderer/screens/invoices/Ok.svelte', svelteImport("import { prefillSale as x } from '../payments/drafts.svelte';")],
    ['renderer/App.svelte', svelteImport("import x from './shell/NavBar.svelte';")],
  ])('allows a permitted import in %s', async (filePath, code) => {
    expect(await restrictedImportMessages(code, filePath)).toEqual([]);
  });
});
