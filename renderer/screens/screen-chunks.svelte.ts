import type { Component } from 'svelte';

/** A screen: its component, in the entry chunk, or the import() that fetches its chunk. */
export type ScreenSource = { component: Component } | { load: () => Promise<{ default: Component }> };

/**
 * The screens' components as their chunks arrive. A screen shown before is shown again at once
 * (no "Loading…" on the second visit); a fetch that failed (the host or the app's files gone) is
 * remembered with its reason, so the screen says so instead of staying blank.
 */
export class ScreenChunks<Id extends string> {
  loaded = $state.raw<Partial<Record<Id, Component>>>({});
  failed = $state.raw<Partial<Record<Id, string>>>({});
  readonly #sources: Record<Id, ScreenSource>;
  /** The fetches under way; not state: nothing on screen shows them (loaded and failed do). */
  #fetching: Partial<Record<Id, Promise<void>>> = {};

  constructor(sources: Record<Id, ScreenSource>) {
    this.#sources = sources;
    // A component in the entry chunk is there from the start.
    const ready: Partial<Record<Id, Component>> = {};
    for (const id of Object.keys(sources) as Id[]) {
      const source = sources[id];
      if ('component' in source) ready[id] = source.component;
    }
    this.loaded = ready;
  }

  /** Fetches a screen's chunk once, however many ask; resolves when it is in `loaded` or in `failed`. */
  load(id: Id): Promise<void> {
    const source = this.#sources[id];
    if (this.loaded[id] || !('load' in source)) return Promise.resolve();
    let fetching = this.#fetching[id];
    if (!fetching) {
      this.failed = without(this.failed, id);
      fetching = source.load().then(
        (module) => {
          this.loaded = { ...this.loaded, [id]: module.default };
          this.failed = without(this.failed, id);
        },
        (error: unknown) => {
          // Forgotten, so a later visit tries again; the screen offers Reload meanwhile.
          this.#fetching = without(this.#fetching, id);
          this.failed = { ...this.failed, [id]: error instanceof Error ? error.message : String(error) };
        },
      );
      this.#fetching[id] = fetching;
    }
    return fetching;
  }

  /** Fetches the given screens one after another (never competing with each other for the host). */
  async preload(ids: readonly Id[]): Promise<void> {
    for (const id of ids) await this.load(id);
  }
}

function without<Id extends string, T>(record: Partial<Record<Id, T>>, id: Id): Partial<Record<Id, T>> {
  const copy = { ...record };
  delete copy[id];
  return copy;
}
