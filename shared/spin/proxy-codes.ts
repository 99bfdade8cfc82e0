import type { CodeText } from './terminal-codes';

// StatusCodes produced by the SPIn proxy in the cloud (docs/PROTOCOL.md §8.2: 20xx, 21xx, 22xx, 23xx).
// For these the request usually never reached the terminal, or its answer never came back.

const CHECK_STATUS = 'If this was a payment, look it up (Status) with the same reference before charging again.';
const CHECK_SETUP = 'Check the terminal settings in this app (TPN, auth key, test or live environment).';

export const proxyCodes: Record<string, CodeText> = {
  '2001': {
    label: 'Terminal not connected to SPIn Proxy server',
    explanation: 'The terminal is offline or not connected to the payment service.',
    remedy: 'Make sure the terminal is on, connected to the internet and showing its ready screen, then try again.',
  },
  '2002': {
    label: 'Active authKey not found',
    explanation: 'The auth key does not match any active key for this terminal (often a typo).',
    remedy: `${CHECK_SETUP} Copy the auth key again from the iPOSpays portal.`,
  },
  '2003': {
    label: 'Register not found',
    explanation: 'The service does not know this TPN, or the request went to the wrong environment.',
    remedy: CHECK_SETUP,
  },
  '2004': {
    label: 'Route not found',
    explanation: 'This TPN is not set up for register connections.',
    remedy: 'Ask your provider to enable SPIn for this terminal.',
  },
  '2005': {
    label: 'Active route not found',
    explanation: 'The connection is blocked: the terminal is inactive, or more than one device uses the same TPN.',
    remedy: 'Make sure only one terminal uses this TPN; if so, contact your provider.',
  },
  '2006': {
    label: 'Not pars request',
    explanation: 'The service could not read the request, for example because of stray spaces in a value.',
    remedy: 'Check the values entered (no extra spaces) and try again; contact support if it repeats.',
  },
  '2007': {
    label: 'The operation has timed out',
    explanation: 'The terminal did not answer in time (normally 2 minutes, 7 minutes for settlement).',
    remedy: `${CHECK_STATUS} Then try again.`,
  },
  '2008': {
    label: 'Terminal in use',
    explanation: 'The terminal is still busy with an earlier request.',
    remedy: `Wait the number of seconds the service suggests, then try again. ${CHECK_STATUS}`,
  },
  '2009': {
    label: 'Transaction not found',
    explanation: 'The service has no record of the transaction asked about.',
    remedy: 'Check the reference number and whether the batch was already settled.',
  },
  '2010': {
    label: 'Communication error',
    explanation: 'The service lost contact with the terminal while sending the request.',
    remedy: `Try again. ${CHECK_STATUS}`,
  },
  '2011': {
    label: 'Terminal is not available',
    explanation: 'The terminal cannot take requests right now.',
    remedy: 'Check that the terminal is on and on its ready screen, then try again.',
  },
  '2101': {
    label: 'Callback Url was not specified',
    explanation: 'A request asked for its result to be sent back later but gave no address for it.',
    remedy: 'Contact support: the app sent an incomplete background request.',
  },
  '2102': {
    label: 'Invalid XML document',
    explanation: 'A background request could not be read by the service.',
    remedy: 'Contact support: the app sent a malformed background request.',
  },
  '2110': {
    label: 'Internal exception',
    explanation: 'The payment service had an internal problem with a background request.',
    remedy: `Try again in a moment. ${CHECK_STATUS}`,
  },
  '2201': {
    label: 'Invalid request data',
    explanation: 'The service refused the request because a field was missing, misspelt or out of range. The terminal was not contacted.',
    remedy: 'Read the message for the field named, correct it and send again. Nothing was charged.',
  },
  '2301': {
    label: 'There is no processing request now',
    explanation: 'There was nothing in progress on the terminal to cancel or check on.',
    remedy: 'Nothing to do; if a payment was expected, look it up (Status).',
  },
};
