import { credentialFields, referenceId } from '../common';
import { strictRequest } from '../rules';

// Requests about the terminal itself rather than a transaction (docs/PROTOCOL.md §4.19, §4.20).

/**
 * Ends the transaction the terminal is running. The documented fields are ReferenceId and the
 * credential block without SPInProxyTimeout. ReferenceId names the request to end; a prompt has
 * none, so it is optional here and the proxy decides what a bare abort ends (*open*).
 */
export const AbortTransactionRequest = strictRequest({
  Tpn: credentialFields.Tpn,
  RegisterId: credentialFields.RegisterId,
  Authkey: credentialFields.Authkey,
  CustomFields: credentialFields.CustomFields,
  ReferenceId: referenceId().optional(),
});

/**
 * TerminalStatus is a GET whose parameters travel in the query string (request.tpn,
 * request.registerId, request.authkey). The body-shaped schema lets the client fill and check the
 * credentials like everywhere else; endpoints.ts says how each field maps to the query.
 */
export const TerminalStatusRequest = strictRequest({
  Tpn: credentialFields.Tpn,
  RegisterId: credentialFields.RegisterId,
  Authkey: credentialFields.Authkey,
});
