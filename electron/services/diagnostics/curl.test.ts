import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { AUTHKEY_PLACEHOLDER, Redactor } from '../security/redactor';
import { curlCommand } from './curl';

describe('curlCommand', () => {
  it('quotes the body for a POSIX shell, quotes included, and never carries a known key', async () => {
    const redactor = new Redactor();
    redactor.addSecret('SNTNL7Q2ZX');
    const body = { Tpn: 'TERM000001', Authkey: AUTHKEY_PLACEHOLDER, Title: "Customer's zip", Note: 'leak SNTNL7Q2ZX' };
    const command = curlCommand('http://127.0.0.1:1/v2/Common/UserInput', body, redactor);
    expect(command).not.toContain('SNTNL7Q2ZX');
    // The shell hands curl exactly the JSON: check by echoing the argument instead of sending it.
    const { stdout } = await promisify(execFile)('sh', [
      '-c',
      command.replace(/^curl -sS -X POST '[^']*' -H '[^']*' --data-binary /, 'printf %s '),
    ]);
    expect(JSON.parse(stdout)).toEqual({ ...body, Note: `leak ${AUTHKEY_PLACEHOLDER}` });
  });

  it('puts a warning comment above a money-moving request, and none above a lookup', async () => {
    const redactor = new Redactor();
    const sale = curlCommand('http://127.0.0.1:1/v2/Payment/Sale', { Amount: 5 }, redactor, 'Sale');
    const [first, second] = sale.split('\n');
    expect(first).toMatch(/^# WARNING: this Sale moves money\. Running it sends the Sale to the terminal again/);
    expect(second).toMatch(/^curl -sS -X POST 'http:\/\/127\.0\.0\.1:1\/v2\/Payment\/Sale'/);
    // The comment is inert: the shell runs the command below it unchanged.
    const { stdout } = await promisify(execFile)('sh', [
      '-c',
      sale.replace(/curl -sS -X POST '[^']*' -H '[^']*' --data-binary /, 'printf %s '),
    ]);
    expect(JSON.parse(stdout)).toEqual({ Amount: 5 });
    expect(curlCommand('http://127.0.0.1:1/v2/Payment/Status', {}, redactor, 'Status')).toMatch(/^curl /);
  });
});
