/**
 * The sidebar as data. A screen is listed only once it exists: later issues add Transactions
 * (Payments), Batch & reports (Store) and Prompts and Troubleshooting (Terminal) here, plus their
 * component in screens/index.ts (which the compiler forces to cover every id).
 */
export const NAV = [
  { group: 'Payments', items: [{ id: 'sale', label: 'Sale' }] },
  { group: 'Terminal', items: [{ id: 'terminals', label: 'Terminals' }] },
] as const;

export type ScreenId = (typeof NAV)[number]['items'][number]['id'];

export const FIRST_SCREEN: ScreenId = 'sale';
