import { describe, expect, it } from 'vitest';
import { CliUsageError, DEFAULT_CLI_PORT, parseCliArgs } from './cli-args';

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
      '--seed',
      '4294967295',
      '--tip-mode',
      'on-top',
      '--tip-mode=TPN0000002=included',
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
      seed: 4294967295,
      tipMode: 'on-top',
      tipModes: { TPN0000002: 'included' },
    });
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
    [['--tip-mode', '=on-top'], '--tip-mode <tpn>=<mode> needs a TPN before "=" (got "=on-top")'],
    [['--tip-mode', 'T1=on-top', '--tip-mode', 'T1=included'], '--tip-mode: TPN T1 is given twice'],
    [['--verbose'], 'unknown option --verbose'],
    [['serve'], 'unexpected argument "serve"'],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(new CliUsageError(message));
  });
});
