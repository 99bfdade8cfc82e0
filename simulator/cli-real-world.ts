// The real-world mode's command-line flags. cli-args.ts collects every --real-world* flag and hands
// them here; each refusal names the flag and its rule (exit code 2).
import { CliUsageError, integer } from './cli-rules';
import { DEFAULT_RATE, VARIANTS, realWorldSchema, type RealWorldInput, type Variant } from './real-world';

export const REAL_WORLD_FLAG = '--real-world';

export const REAL_WORLD_USAGE = `  --real-world <list>        imitate real deployments: "all" or comma-separated variants, each
                             optionally with its rate: ${VARIANTS.join(', ')}
                             (e.g. --real-world html-502=0.5,drip,numeric-codes=1); seeded by --seed
  --real-world-rate <r>      rate, 0-1, of the variants listed without one (default ${DEFAULT_RATE})
  --real-world-forwarded <r> share, 0-1, of html-502s and server-error-500s the terminal carried
                             out first (default 0.5)
  --real-world-retry-after <s>  Retry-After of rate-limit answers, 0-3600 s (default 1)
  --real-world-body-ms <min>-<max>  slow/drip body time after the headers, ms (default 200-3000)
  --real-world-busy-ms <min>-<max>  busy-after-approval: how long the service stays busy after an
                             approval, drawn per approval, ms (default 30000-50000, as seen live)
  --real-world-drip-bytes <n>   bytes per drip write, 1-65536 (default 16)
  --real-world-redirect-to <url>  where redirects point (default http://redirect-target.invalid)`;

const RATE = /^(0(\.\d+)?|1(\.0+)?|\.\d+)$/;

function rate(flag: string, value: string): number {
  if (!RATE.test(value)) throw new CliUsageError(`${flag} must be a number from 0 to 1 (got "${value}")`);
  return Number(value);
}

/** `800` (exactly) or `200-3000` (drawn per request from the range). */
function msRange(flag: string, value: string): { min: number; max: number } {
  const match = /^(\d+)(?:-(\d+))?$/.exec(value);
  if (!match?.[1]) throw new CliUsageError(`${flag} must be <ms> or <min>-<max> in whole ms (got "${value}")`);
  const range = { min: integer(flag, match[1], 0, 600_000), max: integer(flag, match[2] ?? match[1], 0, 600_000) };
  if (range.min > range.max) throw new CliUsageError(`${flag} must be <ms> or <min>-<max> with min not above max (got "${value}")`);
  return range;
}

function variants(flag: string, list: string, defaultRate: number): Record<string, number> {
  const names: string[] = list === 'all' ? [...VARIANTS] : list.split(',').map((part) => part.trim());
  const out: Record<string, number> = {};
  for (const part of names) {
    const [name = '', given] = part.split('=');
    if (!(VARIANTS as readonly string[]).includes(name)) {
      throw new CliUsageError(`${flag}: "${name}" is not a variant (known: ${VARIANTS.join(', ')}, or all)`);
    }
    if (name in out) throw new CliUsageError(`${flag}: ${name} is given twice`);
    out[name as Variant] = given === undefined ? defaultRate : rate(`${flag}: the rate of ${name}`, given);
  }
  return out;
}

/** Each tuning flag and where its value goes. */
const TUNING: Record<string, (input: RealWorldInput, value: string, flag: string) => void> = {
  '--real-world-forwarded': (input, value, flag) => (input.forwardedRate = rate(flag, value)),
  '--real-world-retry-after': (input, value, flag) => (input.retryAfterSeconds = integer(flag, value, 0, 3600)),
  '--real-world-body-ms': (input, value, flag) => (input.bodyMs = msRange(flag, value)),
  '--real-world-busy-ms': (input, value, flag) => (input.busyWindowMs = msRange(flag, value)),
  '--real-world-drip-bytes': (input, value, flag) => (input.dripChunkBytes = integer(flag, value, 1, 65_536)),
  '--real-world-redirect-to': (input, value, flag) => {
    if (!realWorldSchema.shape.redirectTo.safeParse(value).success) {
      throw new CliUsageError(`${flag} must be an http:// or https:// URL (got "${value}")`);
    }
    input.redirectTo = value;
  },
};

/** Every flag this module reads; --real-world-rate is read with the list. */
export const REAL_WORLD_FLAGS: ReadonlySet<string> = new Set([REAL_WORLD_FLAG, '--real-world-rate', ...Object.keys(TUNING)]);

/** The real-world settings the flags ask for; undefined when none was given. */
export function realWorldFromFlags(flags: ReadonlyMap<string, string>): RealWorldInput | undefined {
  const list = flags.get(REAL_WORLD_FLAG);
  if (list === undefined) {
    const stray = [...flags.keys()][0];
    if (stray !== undefined) throw new CliUsageError(`${stray} needs ${REAL_WORLD_FLAG} <list>`);
    return undefined;
  }
  const rateFlag = flags.get('--real-world-rate');
  const input: RealWorldInput = {
    variants: variants(REAL_WORLD_FLAG, list, rateFlag === undefined ? DEFAULT_RATE : rate('--real-world-rate', rateFlag)),
  };
  for (const [flag, value] of flags) TUNING[flag]?.(input, value, flag);
  return input;
}
