// The component project shares one jsdom per worker instead of building one per file (jsdom's
// start-up was four fifths of the project's time). What must not be shared is the renderer's own
// module state (the toasts, the navigation, the payment in flight): each file gets fresh modules.
import { vi } from 'vitest';

vi.resetModules();

// A file starts on an empty page: what another file left in the shared jsdom (a dialog or a
// component mounted outside Testing Library's cleanup) must not show up in this file's queries.
document.body.replaceChildren();
