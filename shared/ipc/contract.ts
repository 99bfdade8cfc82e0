import { z } from 'zod';
import {
  AppInfo,
  DemoBehaviour,
  PaymentResult,
  ProfileDraft,
  ProfileList,
  ProfileView,
  SaleForm,
  SecretStorage,
} from './views';
import { ProfilesExport, ProfilesImportInput, ProfilesImportResult } from './profile-transfer';

const NoInput = z.undefined().or(z.null()).or(z.strictObject({}));
const ById = z.strictObject({ id: z.string().min(1, 'must not be empty') });

/**
 * The one list of channels between the renderer and the main process. Each channel names its input
 * and output schema; main parses every input with it before a handler runs and checks every
 * output before it leaves. Channel names are "group:action" and become api.group.action().
 */
export const contract = {
  'app:info': { input: NoInput, output: AppInfo },

  'profiles:list': { input: NoInput, output: ProfileList },
  'profiles:save': { input: ProfileDraft, output: ProfileView },
  'profiles:delete': { input: ById, output: ProfileList },
  'profiles:select': { input: ById, output: ProfileList },
  /** Write-only: the Authkey goes in and never comes back out. */
  'profiles:setAuthkey': {
    input: z.strictObject({
      id: z.string().min(1),
      authkey: z.string().length(10, 'must be exactly 10 characters'),
      /** Set after the user accepted the warning that this computer cannot really encrypt it. */
      acceptWeakProtection: z.boolean().optional(),
    }),
    output: ProfileView,
  },
  /** How Authkeys are protected on this computer (keychain, weak, unavailable, memory). */
  'profiles:secretStorage': { input: NoInput, output: SecretStorage },
  /** The terminals as a JSON file to move to another PC; never with an Authkey. */
  'profiles:export': { input: NoInput, output: ProfilesExport },
  'profiles:import': { input: ProfilesImportInput, output: ProfilesImportResult },

  'payments:sale': { input: SaleForm, output: PaymentResult },

  'demo:setNext': {
    input: z.strictObject({ behaviour: DemoBehaviour }),
    output: z.object({ next: DemoBehaviour }),
  },
} as const;

export type Contract = typeof contract;
export type Channel = keyof Contract;
export type InputOf<C extends Channel> = z.input<Contract[C]['input']>;
export type OutputOf<C extends Channel> = z.output<Contract[C]['output']>;
