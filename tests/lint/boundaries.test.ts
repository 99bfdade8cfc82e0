import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Proves the process-boundary rules of eslint.config.js fire (and stay quiet where imports are fine).
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
