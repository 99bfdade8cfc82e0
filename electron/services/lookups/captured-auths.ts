import type { Journal } from '../journal/journal';

// The terminal's records do not say that an Auth was captured: the Capture is a record of its own,
// with its own ReferenceId and AuthCode (docs/PROTOCOL.md §4.3), and Status/StatusList/Daily still
// list the Auth as an approved Auth. The Summary knows (the hold leaves AuthAmount), so a screen
// that trusts the record alone offers a second Capture, a Void the terminal refuses (1004) and
// counts the Auth as an open hold. This PC's journal knows the link for the captures it sent: the
// Capture's intent keeps the AuthCode it completed.

export interface CapturedAuth {
  /** The Capture that completed the Auth. */
  captureRef: string;
  /** When the Capture was approved (ISO time). */
  at: string;
  /** The Auth's own ReferenceId, when this PC took the Auth too. */
  authRef?: string;
}

const APPROVED = new Set(['approved', 'partial']);

/**
 * The Auths of the terminal's open batch captured from this PC, by AuthCode: read newest first back
 * to the last approved Settle (older captures are in a closed batch). A Capture voided since no
 * longer counts: voiding a Capture reopens its Auth.
 */
export async function capturedAuths(journal: Pick<Journal, 'entries'>, tpn: string): Promise<Map<string, CapturedAuth>> {
  const captured = new Map<string, CapturedAuth>();
  const voided = new Set<string>();
  const authRefs = new Map<string, string>();
  for await (const { intent, outcome } of journal.entries('newest', { tpn })) {
    if (!outcome || !APPROVED.has(outcome.result)) continue;
    if (intent.op === 'Settle') break;
    if (intent.op === 'Void') voided.add(intent.ref);
    if (intent.op === 'Auth' && outcome.authCode && !authRefs.has(outcome.authCode)) authRefs.set(outcome.authCode, intent.ref);
    if (intent.op === 'Capture' && intent.captures && !voided.has(intent.ref) && !captured.has(intent.captures))
      captured.set(intent.captures, { captureRef: intent.ref, at: outcome.at });
  }
  for (const [authCode, capture] of captured) {
    const authRef = authRefs.get(authCode);
    if (authRef) capture.authRef = authRef;
  }
  return captured;
}
