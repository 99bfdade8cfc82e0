/**
 * The sidebar as data: its groups and screens in order. The names a person reads come from the
 * catalogue (renderer/shell/shell-words.ts, one per id); a new screen's id goes here, its name
 * there and its component in screens/index.ts (the compiler makes both cover every id).
 */
export const NAV = [
  {
    group: 'Payments',
    items: [
      { id: 'sale' },
      { id: 'auth' },
      { id: 'capture' },
      { id: 'return' },
      { id: 'void' },
      { id: 'tipAdjust' },
      { id: 'balance' },
      { id: 'transactions' },
      { id: 'invoices' },
      { id: 'level3' },
    ],
  },
  {
    group: 'Store',
    items: [{ id: 'store' }, { id: 'batch' }, { id: 'history' }],
  },
  {
    group: 'Terminal',
    items: [{ id: 'terminals' }, { id: 'prompts' }, { id: 'troubleshooting' }],
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
