// The server's options, validated once with the wire rules for credentials (a terminal whose
// TPN or Authkey could never pass the request schema would be unreachable). The full simulator
// adds its own (full-simulator.ts) and validates them the same way.
import { z } from 'zod';
import { credentialFields, describeIssues, ruleMessage } from '@shared/spin';
import { DEFAULT_UNKNOWN_FIELD_POLICY, UNKNOWN_FIELD_POLICIES } from './accepted-fields';
import { busyWindowMsSchema } from './busy-window';
import { DEFAULT_PROPERTY_NAME_MODE, PROPERTY_NAME_MODES } from './property-names';
import { DEFAULT_ENVIRONMENT, ENVIRONMENTS } from './environment';
import { DEFAULT_FEE_PROGRAM, feeProgramSchema } from './fee-program';
import { DEFAULT_TIP_MODE, TIP_MODES } from './tip-mode';

/** The terminal served when none is configured (and none is restored from a state file). */
export const DEMO_TERMINAL = { tpn: 'DESK00000001', authkey: 'DEMOKEY001' } as const;

export const MAX_DELAY_MS = 720_000;

export const terminalCredentialsSchema = z.strictObject({ tpn: credentialFields.Tpn, authkey: credentialFields.Authkey });

export const serverOptionsSchema = z.strictObject({
  /** Interface to listen on; loopback unless the caller opts in to more. */
  host: z.string().min(1).default('127.0.0.1'),
  /** 0 picks a free port (what tests want). */
  port: z.int().min(0).max(65_535).default(0),
  terminals: z
    .array(terminalCredentialsSchema)
    .min(1)
    .refine((list) => new Set(list.map((t) => t.tpn)).size === list.length, 'must not repeat a TPN')
    .optional(),
  statePath: z.string().min(1).optional(),
  /** Simulated terminal think time per request that reaches the terminal; the app's demo uses ~600. */
  processingDelayMs: z.int().min(0).max(MAX_DELAY_MS).default(0),
  /** Same seed, same auth codes, RRNs and cards. */
  seed: z.int().min(0).max(0xffff_ffff).optional(),
  /** Whether a Sale's Amount includes its TipAmount ('included') or the terminal adds the tip ('on-top'). */
  tipMode: z.enum(TIP_MODES).default(DEFAULT_TIP_MODE),
  /** Per-terminal tip modes (TPN -> mode), over the global one; every TPN must be served. */
  tipModes: z.record(z.string(), z.enum(TIP_MODES)).default({}),
  /** How terminals charge fees (fee-program.ts); the default charges the POS's CustomFee on top. */
  feeProgram: feeProgramSchema.default(DEFAULT_FEE_PROGRAM),
  /** Per-terminal fee programs (TPN -> program), over the global one; every TPN must be served. */
  feePrograms: z.record(z.string(), feeProgramSchema).default({}),
  /**
   * After each approved payment the service answers every request but the lookups with 1000
   * "Service Busy" for this many ms, as live services were seen to (busy-window.ts). 0: off.
   */
  busyAfterApprovalMs: busyWindowMsSchema.default(0),
  /**
   * A request field that neither the docs nor live records list: 'refuse' answers 400 / 2201 as live
   * services did for GetToken and EnableTip; 'accept' ignores it (simulator/accepted-fields.ts).
   */
  unknownFields: z.enum(UNKNOWN_FIELD_POLICIES).default(DEFAULT_UNKNOWN_FIELD_POLICY),
  /** 'any-case' reads `AuthKey` as `Authkey`, as ASP.NET binding would (inferred; simulator/property-names.ts). */
  propertyNames: z.enum(PROPERTY_NAME_MODES).default(DEFAULT_PROPERTY_NAME_MODE),
  /** Which endpoints the service offers (environment.ts); one it leaves out answers 404 like an unknown path. */
  environment: z.enum(ENVIRONMENTS).default(DEFAULT_ENVIRONMENT),
});

export type ServerOptions = z.input<typeof serverOptionsSchema>;

/** Options checked against `schema`; a TypeError names the option and its rule. */
export function parseOptions<S extends z.ZodType>(schema: S, options: unknown): z.output<S> {
  const parsed = schema.safeParse(options, { error: ruleMessage });
  if (!parsed.success) throw new TypeError(`Invalid simulator options: ${describeIssues(parsed.error)}`);
  return parsed.data;
}
