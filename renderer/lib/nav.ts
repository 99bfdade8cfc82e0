/**
 * The sidebar as data. A screen is listed only once it exists: later issues add Transactions
 * (Payments), Batch & reports (Store) and Prompts and Troubleshooting (Terminal) here, plus their
 * component in screens/index.ts (which the compiler forces to cover every id).
 */
export const NAV = [
  {
    group: 'Payments',
    items: [
      { id: 'sale', label: 'Sale' },
      { id: 'auth', label: 'Auth' },
      { id: 'capture', label: 'Capture' },
      { id: 'return', label: 'Return' },
      { id: 'void', label: 'Void' },
      { id: 'tipAdjust', label: 'Tip adjust' },
      { id: 'balance', label: 'EBT balance' },
      { id: 'transactions', label: 'Transactions' },
      { id: 'invoices', label: 'Pay at table' },
      { id: 'level3', label: 'Level 3 data' },
    ],
  },
  {
    group: 'Store',
    items: [
      { id: 'store', label: 'Store' },
      { id: 'batch', label: 'Batch & reports' },
      { id: 'history', label: 'History' },
    ],
  },
  {
    group: 'Terminal',
    items: [
      { id: 'terminals', label: 'Terminals' },
      { id: 'prompts', label: 'Prompts and display' },
      { id: 'troubleshooting', label: 'Troubleshooting' },
    ],
  },
] as const;

export type ScreenId = (typeof NAV)[number]['items'][number]['id'];

export const FIRST_SCREEN: ScreenId = 'sale';

/**
 * The screen the app opens on: the Store screen once more than one terminal is set up (issue 27),
 * else Sale. The built-in demo terminal is not counted: every new install has it beside the one
 * real terminal, and a one-lane shop opens on Sale.
 */
export function homeScreen(terminals: readonly { environment: string }[]): ScreenId {
  return terminals.filter((terminal) => terminal.environment !== 'demo').length > 1 ? 'store' : FIRST_SCREEN;
}

/** The screen that sends (and shows the wait for) each SPIn operation: where a busy terminal's request can be followed. */
const SCREEN_OF_OPERATION: Record<string, ScreenId> = {
  Sale: 'sale',
  Auth: 'auth',
  Capture: 'capture',
  Return: 'return',
  Void: 'void',
  TipAdjust: 'tipAdjust',
  Balance: 'balance',
  Settle: 'batch',
  UserInput: 'prompts',
  UserChoice: 'prompts',
  GetCard: 'prompts',
  PaymentInvoice: 'invoices',
  SelectInvoice: 'invoices',
};

export function screenOfOperation(operation: string): ScreenId | undefined {
  return SCREEN_OF_OPERATION[operation];
}
