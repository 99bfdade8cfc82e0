// The message catalogue compiled before Vite reads any module: the renderer build, the dev server
// and Vitest's component project all import shared/i18n/paraglide/, which only
// scripts/compile-messages.mjs writes (git-ignored, so absent from a fresh clone). It runs in a
// child process (the inlang SDK leaves timers behind) and returns at once when nothing changed.
// In the dev server an edited catalogue is compiled again and the page reloads.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SCRIPT = fileURLToPath(new URL('./compile-messages.mjs', import.meta.url));
const CATALOGUE = /\/i18n\/(messages\/[^/]+\.json|project\.inlang\/settings\.json)$/;

export function compileMessages(): void {
  execFileSync(process.execPath, [SCRIPT], { stdio: 'inherit' });
}

export function compileMessagesPlugin(): Plugin {
  return {
    name: 'spin-desk-compile-messages',
    buildStart: compileMessages,
    handleHotUpdate({ file, server }) {
      if (!CATALOGUE.test(file.replaceAll('\\', '/'))) return;
      compileMessages();
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
