// Every word the page shows comes from the catalogue (i18n/messages/<locale>.json), compiled into
// one typed function per message: m.picker_label(), m.picker_now_using({ terminal }). Each reads
// the app's language when called, so a component that calls it in its markup follows a switch.
// language.svelte is imported first: it makes Paraglide read the app's language before any
// message is.
import './language.svelte';

export * as m from '@shared/i18n/paraglide/messages/_index.js';
