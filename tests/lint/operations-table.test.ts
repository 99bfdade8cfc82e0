import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { channels } from '@shared/ipc/contract';
import { endpointNames, endpoints, type EndpointDef, type EndpointName } from '@shared/spin/endpoints';
import { handlers as simulatorHandlers, type TerminalEndpoint } from '../../simulator/handlers';
import { REPO_ROOT } from './outside-citations';

// Checks the table "Every operation, end to end" in docs/ARCHITECTURE.md against the code: one row
// per SPIn endpoint, every file it names exists, and each name in a row is what that file exports
// or binds, so the table cannot drift from the code unnoticed.

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

interface Row {
  operation: string;
  screen: string;
  channel: string;
  handler: { name: string; file: string };
  call: { endpoint: string; via: string };
  schema: { name: string; file: string };
  simulator: { name: string; file: string };
}

/** "`runSale` in `electron/services/payments/sale.ts`" -> { name, file } */
function nameInFile(cell: string): { name: string; file: string } {
  const match = /^`(\w+)` in `([^`]+)`$/.exec(cell);
  if (!match) throw new Error(`expected "\`name\` in \`file\`", got ${cell}`);
  return { name: match[1] ?? '', file: match[2] ?? '' };
}

function tableRows(markdown: string): Row[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Every operation, end to end'));
  if (!section) throw new Error('docs/ARCHITECTURE.md has no section "Every operation, end to end"');
  const lines = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| ---'));
  const [header, ...body] = lines;
  expect(header).toBe('| Operation | Screen | Channel | Handler | Client call | Request schema | Simulator handler |');
  return body.map((line) => {
    const cells = line
      .slice(2, -2)
      .split(' | ')
      .map((cell) => cell.trim());
    expect(cells, line).toHaveLength(7);
    const [operation, screen, channel, handler, call, schema, simulator] = cells as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const callMatch = /^`(\w+)` \((runMoneyMove|callTerminal)\)$/.exec(call);
    if (!callMatch) throw new Error(`bad client call cell: ${call}`);
    return {
      operation,
      screen: screen.replace(/`/g, ''),
      channel: channel.replace(/`/g, ''),
      handler: nameInFile(handler),
      call: { endpoint: callMatch[1] ?? '', via: callMatch[2] ?? '' },
      schema: nameInFile(schema),
      simulator: nameInFile(simulator),
    };
  });
}

const rows = tableRows(read('docs/ARCHITECTURE.md'));
const createHandlers = read('electron/services/handlers/create-handlers.ts');

describe('docs/ARCHITECTURE.md "Every operation, end to end"', () => {
  it('has one row per SPIn endpoint the app calls, in the registry order', () => {
    // Endpoints only the simulator serves have no screen, channel or handler to list.
    const called = endpointNames.filter((name) => !(endpoints[name] as EndpointDef).simulatorOnly);
    expect(called.length).toBeLessThan(endpointNames.length);
    expect(rows.map((row) => row.operation)).toEqual(called);
  });

  it.each(rows.map((row) => [row.operation, row] as const))('%s: every file named exists', (_operation, row) => {
    for (const file of [row.screen, row.handler.file, row.schema.file, row.simulator.file]) {
      expect(existsSync(join(REPO_ROOT, file)), file).toBe(true);
    }
  });

  it.each(rows.map((row) => [row.operation, row] as const))('%s: the row matches the code', async (operation, row) => {
    const name = operation as EndpointName;
    // The channel exists and dispatch() binds it to the handler named.
    expect(channels).toContain(row.channel);
    expect(createHandlers).toMatch(new RegExp(`'${row.channel}': \\([^)]*\\) => ${row.handler.name}\\(`));
    // Only a request that moves money is handed the money-moving path (journal, recovery, policy).
    const handedTo = new RegExp(`'${row.channel}': \\([^)]*\\) => ${row.handler.name}\\((\\w+)`).exec(createHandlers)?.[1];
    expect(handedTo === 'moneyMove', `${row.channel} is handed ${handedTo}`).toBe(endpoints[name].movesMoney);
    // The handler is exported by its file, which calls the endpoint named, the way the row says.
    const service = read(row.handler.file);
    expect(service).toMatch(new RegExp(`export (?:async )?function ${row.handler.name}\\b`));
    expect(row.call.endpoint).toBe(operation);
    expect(service).toContain(`'${row.call.endpoint}'`);
    expect(row.call.via).toBe(endpoints[name].movesMoney ? 'runMoneyMove' : 'callTerminal');
    // The request schema is the registry's, exported by the file named.
    const schemas = (await import(join(REPO_ROOT, row.schema.file))) as Record<string, unknown>;
    expect(schemas[row.schema.name]).toBe(endpoints[name].request);
    const simulator = (await import(join(REPO_ROOT, row.simulator.file))) as Record<string, unknown>;
    if ((endpoints[name] as EndpointDef).proxyOnly) {
      // The proxy answers it itself: the row names the Dispatcher, which handles it by name.
      expect(row.simulator).toEqual({ name: 'Dispatcher', file: 'simulator/dispatch.ts' });
      expect(simulator.Dispatcher).toBeTypeOf('function');
      expect(read(row.simulator.file)).toContain(`name === '${operation}'`);
    } else {
      // The simulator handler is the one its table uses, exported by the file named.
      expect(row.simulator.name).toBe(operation);
      expect(simulator[row.simulator.name]).toBe(simulatorHandlers[name as TerminalEndpoint]);
    }
    // The screen is a renderer file.
    expect(row.screen).toMatch(/^renderer\/.+\.svelte$/);
  });
});
