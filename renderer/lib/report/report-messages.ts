// The catalogue's messages for the report library's plain modules. They build the CSV files too,
// which the node tests (and any non-page caller) load without the renderer's reactive language
// state (lib/i18n/language.svelte.ts, a rune module only the page compiles), so they take the
// compiled messages straight from shared/. Each reads the language when called
// (shared/i18n/current-language.ts), which the page points at its chosen language as it starts;
// elsewhere it is English. Components keep lib/i18n/messages.ts.
export * as m from '@shared/i18n/paraglide/messages/_index.js';
