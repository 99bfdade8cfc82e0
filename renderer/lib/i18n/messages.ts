// Every word the page shows comes from the catalogue (i18n/messages/<locale>.json), compiled into
// one typed function per message: m.picker_label(), m.picker_now_using({ terminal }). Each reads
// the app's language when called (shared/i18n/current-language.ts, which language.svelte.ts points
// at its reactive choice as App.svelte loads), so a component that calls it in its markup follows
// a switch. Nothing here imports the language's state: the api and transport modules word their
// own messages, and language.svelte.ts calls the api.
export * as m from '@shared/i18n/paraglide/messages/_index.js';
// A sentence main stored in English with its Said (a recovery's reason, a refusal): worded here by
// the page's language, its English when it has no Said (shared/ipc/said.ts).
export { wordSaid } from '@shared/ipc/said';
