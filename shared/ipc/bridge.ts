import type { Envelope } from './envelope';
import type { Channel, InputOf, OutputOf } from './contract';

/**
 * What the preload script exposes as window.spinDesk: one function per channel, nothing else.
 * Each returns the envelope; renderer/lib/api.ts unwraps it.
 */
export type Bridge = { [C in Channel]: (input: InputOf<C>) => Promise<Envelope<OutputOf<C>>> };
