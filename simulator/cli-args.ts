// Command-line flags of simulator/cli.ts. Every refusal names the flag and the rule it broke;
// the caller turns a CliUsageError into exit code 2.
import { parseArgs } from 'node:util';
import { credentialFields, describeIssues, ruleMessage } from '@shared/spin';
import { MAX_BUSY_WINDOW_MS } from './busy-window';
import { DEFAULT_UNKNOWN_FIELD_POLICY, UNKNOWN_FIELD_POLICIES, type UnknownFieldPolicy } from './accepted-fields';
import { CliUsageError, integer } from './cli-rules';
import { DEFAULT_ENVIRONMENT, ENVIRONMENTS, type Environment } from './environment';
import { REAL_WORLD_FLAGS, REAL_WORLD_USAGE, realWorldFromFlags } from './cli-real-world';
import { feeProgramSchema, type FeeProgram } from './fee-program';
import { MAX_DELAY_MS } from './options';
import { PROPERTY_NAME_MODES, type PropertyNameMode } from './property-names';
import type { RealWorldInput } from './real-world';
import type { TerminalCredentials } from './state';
import { TIP_MODES, type TipMode } from './tip-mode';

export { CliUsageError } from './cli-rules';

export const DEFAULT_CLI_PORT = 4747;

export interface CliOptions {
  help: boolean;
  host: string;
  port: number;
  terminals: TerminalCredentials[];
  statePath: string | undefined;
  delayMs: number;
  /** The busy window after each approval, ms (busy-window.ts); 0: off. */
  busyAfterApprovalMs: number;
  /** A request field no source lists: refused with 2201 or ignored (accepted-fields.ts). */
  unknownFields: UnknownFieldPolicy;
  /** 'any-case' reads `AuthKey` as `Authkey` (property-names.ts); undefined keeps the default, exact. */
  propertyNames?: PropertyNameMode | undefined;
  /** Which endpoints the service offers (environment.ts). */
  environment: Environment;
  seed: number | undefined;
  /** Global tip mode; undefined keeps the simulator's default. */
  tipMode: TipMode | undefined;
  /** Per-terminal tip modes, TPN -> mode. */
  tipModes: Record<string, TipMode>;
  /** Global fee program (fee-program.ts); undefined keeps the simulator's default. */
  feeProgram: FeeProgram | undefined;
  /** Per-terminal fee programs, TPN -> program. */
  feePrograms: Record<string, FeeProgram>;
  /** Real-world mode settings from the --real-world* flags; undefined: off. */
  realWorld: RealWorldInput | undefined;
}

export const USAGE = `Usage: npm run simulator -- [options]

  --port <n>                 port to listen on, 0-65535; 0 picks a free one (default ${DEFAULT_CLI_PORT})
  --host <addr>              interface to listen on (default 127.0.0.1)
  --terminal <tpn>:<authkey> serve this terminal; repeat for more (default: one demo terminal,
                             DESK00000001:DEMOKEY001, or the terminals saved in --state)
  --state <file>             load state from <file> on start and save every change to it
  --delay-ms <n>             simulated terminal think time per request, 0-${MAX_DELAY_MS} (default 0)
  --busy-after-approval <ms>  after each approved payment, answer everything but lookups with
                             1000 "Service Busy" for this long, as live services do; 0-${MAX_BUSY_WINDOW_MS}
                             (default 0: off; live services were seen busy for 30000-50000)
  --unknown-fields <policy>  a request field neither the docs nor live records list: refuse
                             (HTTP 400 / 2201 naming it, as live services did; default) or accept
                             (ignore it); fields live services were seen accepting always pass
  --property-names <mode>    exact (default: names as documented) or any-case (AuthKey is read as
                             Authkey, as ASP.NET binding would; inferred, not recorded)
  --environment <name>       which endpoints the service offers: documented (every one the docs
                             list; default) or production-2026 (no Cart: HTTP 404, as a 2026 smoke
                             test against the production host got)
  --seed <n>                 seed for auth codes, RRNs and cards, 0-4294967295 (default random)
  --tip-mode <mode>          how a Sale's TipAmount relates to its Amount: included (Amount already
                             includes the tip; default) or on-top (the terminal adds the tip)
  --tip-mode <tpn>=<mode>    the same for one terminal; repeat for more
  --fee-program <json>       how terminals charge fees (simulator/README.md, "Fee programs"), e.g.
                             '{"kind":"surcharge","percent":3,"feeOnTip":true}'; default: the
                             POS's CustomFee on top
  --fee-program <tpn>=<json> the same for one terminal; repeat for more
${REAL_WORLD_USAGE}
  --help                     show this text

Prints the base URL (http://127.0.0.1:<port>) as the first line on stdout; stops on SIGINT/SIGTERM.`;

function terminal(value: string): TerminalCredentials {
  const colon = value.indexOf(':');
  if (colon < 0) throw new CliUsageError(`--terminal must be <tpn>:<authkey> (got "${value}")`);
  const tpn = value.slice(0, colon);
  const authkey = value.slice(colon + 1);
  for (const [field, schema, text] of [
    ['Tpn', credentialFields.Tpn, tpn],
    ['Authkey', credentialFields.Authkey, authkey],
  ] as const) {
    const parsed = schema.safeParse(text);
    if (!parsed.success) throw new CliUsageError(`--terminal "${value}": ${field} ${describeIssues(parsed.error).replace(/^Body /, '')}`);
  }
  return { tpn, authkey };
}

type Setter = (options: CliOptions, value: string, flag: string) => void;

/** The one of `choices` that `value` names; the refusal lists them (`others` adds the value's other forms). */
function oneOf<T extends string>(flag: string, value: string, choices: readonly T[], others = ''): T {
  const choice = choices.find((c) => c === value);
  if (choice === undefined) throw new CliUsageError(`${flag} must be ${choices.join(' or ')}${others} (got "${value}")`);
  return choice;
}

const tipMode = (flag: string, value: string): TipMode => oneOf(flag, value, TIP_MODES, ', or <tpn>=<mode>');

function feeProgram(flag: string, value: string): FeeProgram {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new CliUsageError(`${flag} must be a JSON program such as {"kind":"none"}, or <tpn>=<json> (got "${value}")`);
  }
  const parsed = feeProgramSchema.safeParse(json, { error: ruleMessage });
  if (!parsed.success) throw new CliUsageError(`${flag}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/**
 * A flag that sets a value for every terminal, or with `<tpn>=` for one: `on-top` sets the global
 * tip mode, `TPN00000001=on-top` one terminal's. A JSON value ({...}) is always the global one.
 */
function perTerminal<T>(
  read: (flag: string, value: string) => T,
  global: (options: CliOptions, value: T) => void,
  byTpn: (options: CliOptions) => Record<string, T>,
): Setter {
  return (options, value, flag) => {
    const eq = value.startsWith('{') ? -1 : value.indexOf('=');
    if (eq < 0) {
      global(options, read(flag, value));
      return;
    }
    const tpn = value.slice(0, eq);
    if (tpn === '') throw new CliUsageError(`${flag} <tpn>=<value> needs a TPN before "=" (got "${value}")`);
    const table = byTpn(options);
    if (tpn in table) throw new CliUsageError(`${flag}: TPN ${tpn} is given twice`);
    table[tpn] = read(flag, value.slice(eq + 1));
  };
}

/** The flags that set CliOptions, by name without the dashes; each value given is read in turn (the last wins). */
const VALUE_FLAGS: Record<string, Setter> = {
  port: (o, v, f) => (o.port = integer(f, v, 0, 65_535)),
  host: (o, v, f) => {
    if (v.trim() === '') throw new CliUsageError(`${f} must not be empty`);
    o.host = v;
  },
  terminal: (o, v) => {
    const t = terminal(v);
    if (o.terminals.some((other) => other.tpn === t.tpn)) throw new CliUsageError(`--terminal: TPN ${t.tpn} is given twice`);
    o.terminals.push(t);
  },
  state: (o, v, f) => {
    if (v.trim() === '') throw new CliUsageError(`${f} must be a file path`);
    o.statePath = v;
  },
  'delay-ms': (o, v, f) => (o.delayMs = integer(f, v, 0, MAX_DELAY_MS)),
  'busy-after-approval': (o, v, f) => (o.busyAfterApprovalMs = integer(f, v, 0, MAX_BUSY_WINDOW_MS)),
  'unknown-fields': (o, v, f) => (o.unknownFields = oneOf(f, v, UNKNOWN_FIELD_POLICIES)),
  'property-names': (o, v, f) => (o.propertyNames = oneOf(f, v, PROPERTY_NAME_MODES)),
  environment: (o, v, f) => (o.environment = oneOf(f, v, ENVIRONMENTS)),
  seed: (o, v, f) => (o.seed = integer(f, v, 0, 0xffff_ffff)),
  'tip-mode': perTerminal(
    tipMode,
    (o, mode) => (o.tipMode = mode),
    (o) => o.tipModes,
  ),
  'fee-program': perTerminal(
    feeProgram,
    (o, program) => (o.feeProgram = program),
    (o) => o.feePrograms,
  ),
};

const FLAG_NAMES = [...Object.keys(VALUE_FLAGS), ...[...REAL_WORLD_FLAGS].map((flag) => flag.slice(2))];

/** parseArgs' view of every flag: all take a value and may repeat, so a repeat can be read or refused. */
const PARSE_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  ...Object.fromEntries(FLAG_NAMES.map((name) => [name, { type: 'string', multiple: true }])),
} as const satisfies NonNullable<Parameters<typeof parseArgs>[0]>['options'];

export function parseCliArgs(argv: readonly string[]): CliOptions {
  const { values, tokens } = parseArgs({ args: [...argv], options: PARSE_OPTIONS, strict: false, allowPositionals: true, tokens: true });
  // Non-strict, so that a value starting with "-" (--delay-ms -1) is read and refused by the flag's
  // own rule rather than as "ambiguous"; the checks strict mode would make are made here, in our words.
  for (const token of tokens) {
    if (token.kind === 'positional') throw new CliUsageError(`unexpected argument "${token.value}"`);
    if (token.kind !== 'option') continue;
    if (!(token.name in PARSE_OPTIONS)) throw new CliUsageError(`unknown option ${token.rawName}`);
    if (token.name !== 'help' && token.value === undefined) throw new CliUsageError(`${token.rawName} needs a value`);
  }
  const given = (name: string): string[] => [values[name] ?? []].flat().filter((value) => typeof value === 'string');
  const options: CliOptions = {
    help: values.help !== undefined,
    host: '127.0.0.1',
    port: DEFAULT_CLI_PORT,
    terminals: [],
    statePath: undefined,
    delayMs: 0,
    busyAfterApprovalMs: 0,
    unknownFields: DEFAULT_UNKNOWN_FIELD_POLICY,
    environment: DEFAULT_ENVIRONMENT,
    seed: undefined,
    tipMode: undefined,
    tipModes: {},
    feeProgram: undefined,
    feePrograms: {},
    realWorld: undefined,
  };
  for (const [name, set] of Object.entries(VALUE_FLAGS)) for (const value of given(name)) set(options, value, `--${name}`);
  // The real-world flags only make sense together, so they are read as a set, each at most once.
  const realWorldFlags = new Map<string, string>();
  for (const flag of REAL_WORLD_FLAGS) {
    const [value, twice] = given(flag.slice(2));
    if (twice !== undefined) throw new CliUsageError(`${flag} is given twice`);
    if (value !== undefined) realWorldFlags.set(flag, value);
  }
  options.realWorld = realWorldFromFlags(realWorldFlags);
  return options;
}
