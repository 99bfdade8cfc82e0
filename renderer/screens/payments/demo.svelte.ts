import { api } from '../../lib/api';
import type { DemoBehaviour } from '@shared/ipc/payment-result-views';

/**
 * What the built-in demo terminal's customer does at the next sale. The simulator uses a queued
 * behaviour once, so after a demo sale has run the next one approves again.
 */
class Demo {
  next = $state<DemoBehaviour>('approve');
  /** Choices are numbered: arrow keys can pick several in a row, and only the last one's answer counts. */
  #chosen = 0;

  async choose(behaviour: DemoBehaviour): Promise<void> {
    const choice = ++this.#chosen;
    const next = (await api.demo.setNext({ behaviour })).next;
    if (choice === this.#chosen) this.next = next;
  }

  /** Called when a sale on the demo terminal has been answered (the queued behaviour is used up). */
  used(): void {
    this.next = 'approve';
  }
}

export const demo = new Demo();
