// StatusCodes reported by the terminal application (docs/PROTOCOL.md §8.2: 0xxx success, 1xxx errors).
// Written for the person at the counter: what happened, then what to do about it.

export interface CodeText {
  label: string;
  explanation: string;
  remedy: string;
}

const CHECK_STATUS = 'Before charging again, look the payment up (Status) with the same reference to see whether it went through.';

/**
 * The catalogue's remedies are written for a payment at the counter. A batch call (Settle, or a
 * report read: Summary, Daily) answered busy has no payment to look up and no customer: what fits
 * it is to let the other request end and call again. Chosen per operation by explainCode.
 */
const BATCH_CALLS: Record<string, string> = { Settle: 'settle again', Summary: 'read the report again', Daily: 'read the report again' };

/** Busy answers: the terminal (1000) or the service (2008 "Terminal in use") is working on another request. */
const BUSY_CODES = new Set(['1000', '2008']);

/** Words for `code` answered to `operation` that replace the catalogue's, where its words do not fit the call. */
export function wordsForOperation(code: string, operation: string | undefined): Partial<CodeText> | undefined {
  const again = operation ? BATCH_CALLS[operation] : undefined;
  if (!again || !BUSY_CODES.has(code)) return undefined;
  return {
    explanation: 'The terminal is still working on another request (a sale at the counter, or another register’s call).',
    remedy: `Wait for the terminal to finish the other request, then ${again}.`,
  };
}

/** Codes seen only in schema enums, with no label or description anywhere (docs/PROTOCOL.md §8.4). */
function undocumented(code: string): CodeText {
  return {
    label: `Terminal Error ${code}`,
    explanation: 'The terminal reported an error that is not described in the public documentation.',
    remedy: 'Note the code and message, check the terminal screen, and contact support if it repeats.',
  };
}

export const terminalCodes: Record<string, CodeText> = {
  '0000': { label: 'Approved', explanation: 'The request was completed successfully.', remedy: 'Nothing to do.' },
  '0001': {
    label: 'Partial Approval',
    explanation:
      'Only part of the request went through: the card covered part of the amount, or some payment applications settled and others did not.',
    remedy: 'Check the approved amount and collect the rest another way, or review the settlement details and settle again.',
  },
  '1000': {
    label: 'Terminal Busy',
    explanation: 'The terminal is still working on another request, or it is in a mode that bypasses the register.',
    remedy: `Wait a few seconds and try again. ${CHECK_STATUS}`,
  },
  '1001': {
    label: 'Not Found',
    explanation: 'The terminal has no record of the transaction or item the request refers to (for example it was already settled).',
    remedy: 'Check the reference number. If the batch was settled, issue a Return instead of a Void or tip change.',
  },
  '1002': {
    label: 'Not Implemented',
    explanation: "This terminal's software does not offer this feature (for example table invoices or card reading).",
    remedy: 'Use a terminal that supports the feature, or ask your provider to enable it.',
  },
  '1003': {
    label: 'Not Supported',
    explanation:
      'None of the payment programs on the terminal can do this (for example tip changes or reports), or the device lacks a touch screen.',
    remedy: 'Ask your provider whether the feature can be enabled for this terminal.',
  },
  '1004': {
    label: 'Not Allowed',
    explanation: 'The request is not permitted for this kind of transaction, such as a tip or fee on a pre-authorization or a fee on EBT.',
    remedy: 'Remove the tip or fee, or use a different transaction type.',
  },
  '1005': {
    label: 'Low Battery',
    explanation: 'The terminal battery is too low to continue.',
    remedy: 'Plug the terminal in or dock it, then try again.',
  },
  '1006': {
    label: 'Internal Error',
    explanation: 'The terminal hit a problem of its own, such as running out of receipt paper.',
    remedy: `Check the paper and the terminal screen, then try again. ${CHECK_STATUS}`,
  },
  '1007': {
    label: 'Format Error',
    explanation: 'The terminal could not read the request, or the receipt text used formatting it does not know.',
    remedy: 'Simplify any custom receipt text and try again; if it keeps happening, contact support.',
  },
  '1008': {
    label: 'Wrong Payment Or Transaction Type',
    explanation: 'The payment type or transaction type does not fit this request.',
    remedy: 'Choose another payment type (for example Credit instead of Debit) and try again.',
  },
  '1009': {
    label: 'Authentication Failed',
    explanation: "The terminal did not accept the register's key; its settings are probably out of date.",
    remedy: 'Have the terminal download its parameters again, then retry. Contact support if it persists.',
  },
  '1010': {
    label: 'Missing reference',
    explanation: 'The request had no reference number.',
    remedy: 'Send the request again with a reference number.',
  },
  '1011': {
    label: 'Duplicate reference',
    explanation: 'A transaction with this reference number already exists in the open batch.',
    remedy: 'Look up that transaction (Status) before doing anything else; use a new reference number for a new payment.',
  },
  '1012': {
    label: 'Canceled',
    explanation: 'The customer or the cashier canceled on the terminal.',
    remedy: 'Ask the customer how they want to pay and start again.',
  },
  '1013': {
    label: 'Bad Request',
    explanation: 'Something required was missing or wrong, such as a zero amount, a missing tip, or tip and fees larger than the total.',
    remedy: 'Check the amount, tip and reference number, then send the request again.',
  },
  '1014': {
    label: 'Communication Error',
    explanation: 'The terminal could not reach the card processor.',
    remedy: `Check the terminal's internet connection and try again. ${CHECK_STATUS}`,
  },
  '1015': {
    label: 'Declined',
    explanation: 'The card issuer or processor declined the request.',
    remedy: 'Ask the customer for another card or another way to pay.',
  },
  '1016': {
    label: 'Payment Type Mismatch',
    explanation: 'This card cannot be used for the chosen payment type.',
    remedy: 'Pick a payment type that matches the card (for example Credit or Debit) and try again.',
  },
  '1017': {
    label: 'Incorrect Merchant ID',
    explanation: 'The merchant number sent does not exist on this terminal.',
    remedy: "Check the merchant number in the terminal's settings and try again.",
  },
  '1018': {
    label: 'PINpad Communication Error',
    explanation: 'The terminal could not talk to its external PIN pad.',
    remedy: `Check the PIN pad cable or pairing, then try again. ${CHECK_STATUS}`,
  },
  '1019': {
    label: 'No Debit Keys Loaded',
    explanation: 'Debit PIN entry needs encryption keys the terminal does not have.',
    remedy: 'Run the card as Credit for now and ask your provider to load the debit keys.',
  },
  '1020': {
    label: 'No Open Batch',
    explanation: 'There is nothing to settle: no open batch has transactions.',
    remedy: 'Nothing to do; settle again after the next sale.',
  },
  '1021': {
    label: 'Pending SnF Transaction',
    explanation: 'Transactions taken offline are still waiting to be sent to the processor.',
    remedy: 'Let the terminal upload its offline transactions (check its connection), then settle again.',
  },
  '1022': {
    label: 'Untipped Transactions Remain',
    explanation: 'Some transactions still need their tips entered before the batch can close.',
    remedy: 'Enter the missing tips, or settle with the Force option.',
  },
  '1023': {
    label: 'Open Tab',
    explanation: 'A tab is still open on the terminal.',
    remedy: 'Close or pay the open tab, then settle again.',
  },
  '1024': {
    label: 'KMS Failed',
    explanation: 'The terminal could not load or use its encryption keys.',
    remedy: 'Restart the terminal; if it continues, contact your provider.',
  },
  '1025': {
    label: 'Missing Payment App',
    explanation: 'The payment program needed for this request is not installed on the terminal.',
    remedy: 'Contact your provider to install or enable the payment program.',
  },
  '1030': {
    label: 'Terminal Was Disconnected',
    explanation: 'The terminal lost its connection while handling the request.',
    remedy: `Check the terminal's power and network. ${CHECK_STATUS}`,
  },
  '1040': undocumented('1040'),
  '1100': undocumented('1100'),
  '1101': undocumented('1101'),
  '1500': {
    label: 'Signature Not Captured',
    explanation: 'A signature was requested but the customer did not sign.',
    remedy: 'Ask the customer to sign on the terminal, or collect a signature on the paper receipt.',
  },
  '1999': {
    label: 'Unknown Terminal Response',
    explanation: 'The terminal answered with something that could not be understood.',
    remedy: `Check the terminal screen. ${CHECK_STATUS}`,
  },
};
