import { api } from '../../lib/api';
import type { DemoBehaviour } from '@shared/ipc/views';

/**
 * What the built-in demo terminal's customer does at the next sale. The simulator uses a queued
 * behaviour once, so after a demo sale has run the next one approves again.
 */
class Demo {
  next = $state<DemoBehaviour>('approve');
  busy = $state(false);

  async choose(behaviour: DemoBehaviour): Promise<void> {
    this.busy = true;
    try {
      this.next = (await api.demo.setNext({ behaviour })).next;
    } finally {
      this.busy = false;
    }
  }

  /** Called when a sale on the demo terminal has been answered (the queued behaviour is used up). */
  used(): void {
    this.next = 'approve';
  }
}

export const demo = new Demo();
