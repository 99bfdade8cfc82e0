import type { DemoBehaviour } from '@shared/ipc/payment-result-views';
import type { PaymentOutcome, SimulatorControl } from '../../../simulator/embedded';

/** What each choice of the demo panel asks the simulated terminal to do with the next payment. */
const OUTCOMES: Record<DemoBehaviour, PaymentOutcome> = {
  approve: { kind: 'approve' },
  decline: { kind: 'decline' },
  cancel: { kind: 'cancel' },
  'no-answer': { kind: 'noAnswer' },
  partial: { kind: 'partial' },
  busy: { kind: 'busy', seconds: 5 },
  offline: { kind: 'offline' },
};

/** Replaces whatever was queued before: the panel shows one "next" behaviour, not a queue. */
export function applyDemoBehaviour(control: SimulatorControl, tpn: string, behaviour: DemoBehaviour): void {
  control.clearQueues(tpn);
  control.queueOutcome(tpn, OUTCOMES[behaviour]);
}
