import { describe, expect, it } from 'vitest';
import { CliUsageError, DEFAULT_CLI_PORT, parseCliArgs } from './cli-args';
import { DEFAULT_RATE, VARIANTS } from './real-world';

describe('parseCliArgs', () => {
  it('reads every flag, in both --flag value and --flag=value forms', () => {
    const options = parseCliArgs([
      '--port=0',
      '--host',
      '0.0.0.0',
      '--terminal',
      'TPN0000001:KEY0000001',
      '--terminal=TPN0000002:KEY:000002',
      '--state',
      '/tmp/s.json',
      '--delay-ms',
      '600',
      '--busy-after-approval=45000',
      '--unknown-fields',
      'accept',
      '--environment=production-2026',
      '--seed',
      '4294967295',
      '--tip-mode',
      'on-top',
      '--tip-mode=TPN0000002=included',
      '--fee-program',
      '{"kind":"none"}',
      '--fee-program=TPN0000002={"kind":"dual-pricing","percent":3.5,"taxOnFeePercent":8}',
    ]);
    expect(options).toEqual({
      help: false,
      host: '0.0.0.0',
      port: 0,
      terminals: [
        { tpn: 'TPN0000001', authkey: 'KEY0000001' },
        { tpn: 'TPN0000002', authkey: 'KEY:000002' },
      ],
      statePath: '/tmp/s.json',
      delayMs: 600,
      busyAfterApprovalMs: 45000,
      unknownFields: 'accept',
      environment: 'production-2026',
      seed: 4294967295,
      tipMode: 'on-top',
      tipModes: { TPN0000002: 'included' },
      feeProgram: { kind: 'none' },
      feePrograms: { TPN0000002: { kind: 'dual-pricing', percent: 3.5, feeOnTip: false, taxOnFeePercent: 8, dailyAmounts: 'charged' } },
      realWorld: undefined,
    });
  });

  it('reads the real-world flags into one settings object, rates defaulting to --real-world-rate', () => {
    const options = parseCliArgs([
      '--real-world',
      'html-502=0.5,drip,numeric-codes=1',
      '--real-world-rate',
      '0.3',
      '--real-world-forwarded=1',
      '--real-world-retry-after',
      '2',
      '--real-world-body-ms',
      '100-900',
      '--real-world-drip-bytes',
      '8',
      '--real-world-redirect-to',
      'http://127.0.0.1:9/',
    ]);
    expect(options.realWorld).toEqual({
      variants: { 'html-502': 0.5, drip: 0.3, 'numeric-codes': 1 },
      forwardedRate: 1,
      retryAfterSeconds: 2,
      bodyMs: { min: 100, max: 900 },
      dripChunkBytes: 8,
      redirectTo: 'http://127.0.0.1:9/',
    });
    expect(parseCliArgs(['--real-world', 'all']).realWorld?.variants).toEqual(Object.fromEntries(VARIANTS.map((v) => [v, DEFAULT_RATE])));
    expect(parseCliArgs(['--real-world-body-ms=50', '--real-world', 'slow']).realWorld?.bodyMs).toEqual({ min: 50, max: 50 });
    expect(parseCliArgs([]).realWorld).toBeUndefined();
    expect(parseCliArgs(['--real-world', 'busy-after-approval=1', '--real-world-busy-ms', '30000-50000']).realWorld).toEqual({
      variants: { 'busy-after-approval': 1 },
      busyWindowMs: { min: 30_000, max: 50_000 },
    });
  });

  it('reads --help and -h, and takes a value that starts with "-" to the flag\'s own rule', () => {
    expect(parseCliArgs(['--help']).help).toBe(true);
    expect(parseCliArgs(['-h', '--port', '0']).help).toBe(true);
    expect(parseCliArgs([]).help).toBe(false);
    expect(() => parseCliArgs(['--seed', '-7'])).toThrow(
      new CliUsageError('--seed must be a whole number from 0 to 4294967295 (got "-7")'),
    );
  });

  it('defaults to the demo set-up on loopback', () => {
    expect(parseCliArgs([])).toMatchObject({ host: '127.0.0.1', port: DEFAULT_CLI_PORT, terminals: [], delayMs: 0 });
  });

  it.each([
    [['--port', '70000'], '--port must be a whole number from 0 to 65535 (got "70000")'],
    [['--port', '1.5'], '--port must be a whole number from 0 to 65535 (got "1.5")'],
    [['--port'], '--port needs a value'],
    [['--delay-ms', '-1'], '--delay-ms must be a whole number from 0 to 720000 (got "-1")'],
    [['--terminal', 'NOCOLON'], '--terminal must be <tpn>:<authkey> (got "NOCOLON")'],
    [['--terminal', 'SHORT:KEY0000001'], '--terminal "SHORT:KEY0000001": Tpn must be at least 10 characters'],
    [['--terminal', 'TPN0000001:KEY'], '--terminal "TPN0000001:KEY": Authkey must be exactly 10 characters'],
    [['--terminal', 'TPN0000001:KEY0000001', '--terminal', 'TPN0000001:KEY0000002'], '--terminal: TPN TPN0000001 is given twice'],
    [['--tip-mode', 'sometimes'], '--tip-mode must be included or on-top, or <tpn>=<mode> (got "sometimes")'],
    [['--tip-mode', 'TPN0000001=half'], '--tip-mode must be included or on-top, or <tpn>=<mode> (got "half")'],
    [['--tip-mode', '=on-top'], '--tip-mode <tpn>=<value> needs a TPN before "=" (got "=on-top")'],
    [['--fee-program', 'surcharge'], '--fee-program must be a JSON program such as {"kind":"none"}, or <tpn>=<json> (got "surcharge")'],
    [['--fee-program', '{"kind":"surcharge"}'], '--fee-program: percent is required'],
    [['--fee-program', 'T1={"kind":"none"}', '--fee-program', 'T1={"kind":"none"}'], '--fee-program: TPN T1 is given twice'],
    [['--tip-mode', 'T1=on-top', '--tip-mode', 'T1=included'], '--tip-mode: TPN T1 is given twice'],
    [
      ['--real-world', 'teleport'],
      '--real-world: "teleport" is not a variant (known: redirect, rate-limit, html-502, busy-lookup, not-found-2009, numeric-codes, off-type, extra-fields, nulls, slow, drip, busy-after-approval, server-error-500, docs-sample, delay-top-level, or all)',
    ],
    [['--busy-after-approval', '700000'], '--busy-after-approval must be a whole number from 0 to 600000 (got "700000")'],
    [
      ['--real-world', 'busy-after-approval', '--real-world-busy-ms', '50000-30000'],
      '--real-world-busy-ms must be <ms> or <min>-<max> with min not above max (got "50000-30000")',
    ],
    [['--real-world', 'drip=2'], '--real-world: the rate of drip must be a number from 0 to 1 (got "2")'],
    [['--real-world', 'drip,drip'], '--real-world: drip is given twice'],
    [['--real-world', 'drip', '--real-world', 'slow'], '--real-world is given twice'],
    [['--real-world-rate', '0.5'], '--real-world-rate needs --real-world <list>'],
    [['--real-world', 'drip', '--real-world-rate', 'lots'], '--real-world-rate must be a number from 0 to 1 (got "lots")'],
    [
      ['--real-world', 'slow', '--real-world-body-ms', '900-100'],
      '--real-world-body-ms must be <ms> or <min>-<max> with min not above max (got "900-100")',
    ],
    [['--real-world', 'slow', '--real-world-body-ms', 'soon'], '--real-world-body-ms must be <ms> or <min>-<max> in whole ms (got "soon")'],
    [['--real-world', 'drip', '--real-world-drip-bytes', '0'], '--real-world-drip-bytes must be a whole number from 1 to 65536 (got "0")'],
    [
      ['--real-world', 'rate-limit', '--real-world-retry-after', '3601'],
      '--real-world-retry-after must be a whole number from 0 to 3600 (got "3601")',
    ],
    [
      ['--real-world', 'redirect', '--real-world-redirect-to', 'ftp://x'],
      '--real-world-redirect-to must be an http:// or https:// URL (got "ftp://x")',
    ],
    [['--unknown-fields', 'ignore'], '--unknown-fields must be refuse or accept (got "ignore")'],
    [['--environment', 'production'], '--environment must be documented or production-2026 (got "production")'],
    [['--verbose'], 'unknown option --verbose'],
    [['serve'], 'unexpected argument "serve"'],
    [['--', 'serve'], 'unexpected argument "serve"'],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(new CliUsageError(message));
  });
});
