import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatch, type Handlers } from '../services/handlers/dispatch';
import { MAX_REPLY_ISSUES } from '../services/handlers/dispatch';
import { startHost, type RunningHost } from './host-server';
import { speakSpanishInThisTest } from '../../tests/support/speak-spanish';

const TOKEN = 'test-token-not-a-secret';

/** A raw request, so tests can send the Host and Origin headers a browser would (fetch cannot). */
function send(host: RunningHost, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }) {
  const url = new URL(host.origin);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { host: url.host, ...options.headers },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('browser host', () => {
  let host: RunningHost;
  const calls: [string, unknown][] = [];
  const cookie = `spin_desk_token=${TOKEN}`;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spin-desk-host-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shell</title>');
    host = await startHost({
      staticDir: dir,
      token: TOKEN,
      dispatch: async (channel, input) => {
        calls.push([channel, input]);
        return { ok: true, data: { echoed: channel } };
      },
    });
  });
  afterAll(() => host.close());

  it('listens on 127.0.0.1 only and prints a URL carrying the token', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
  });

  it('trades the URL token for an HttpOnly SameSite=Strict cookie', async () => {
    const res = await send(host, { path: `/?token=${TOKEN}` });
    expect(res.status).toBe(303);
    expect(String(res.headers['set-cookie'])).toMatch(/spin_desk_token=.+; HttpOnly; SameSite=Strict/);
  });

  it('serves the shell with a CSP header to a request that has the cookie', async () => {
    const res = await send(host, { path: '/', headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>shell</title>');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it.each([
    ['no token', { path: '/' }],
    ['a wrong token', { path: '/', headers: { cookie: 'spin_desk_token=guess' } }],
    ['a wrong URL token', { path: '/?token=guess' }],
    [
      'a foreign Origin',
      {
        method: 'POST',
        path: '/api/app:info',
        headers: { cookie, origin: 'http://evil.example', 'content-type': 'application/json' },
        body: 'null',
      },
    ],
    ['a foreign Host (DNS rebinding)', { path: '/', headers: { cookie, host: 'evil.example:80' } }],
    [
      'an API call without the token',
      { method: 'POST', path: '/api/app:info', headers: { 'content-type': 'application/json' }, body: 'null' },
    ],
  ])('refuses %s with 403', async (_label, options) => {
    const before = calls.length;
    expect((await send(host, options)).status).toBe(403);
    expect(calls.length).toBe(before);
  });

  it('tells a browser on an old address what happened and how to get the current one, without the shell', async () => {
    const res = await send(host, { path: '/?token=fromyesterday', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('This address is from an earlier start of spin-desk');
    expect(res.body).toContain('npm run start:browser');
    expect(res.body).not.toContain('<title>shell</title>');
    expect(res.body).not.toContain('<script');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    // A bad Host still gets nothing but the bare refusal (DNS rebinding learns nothing).
    const rebinding = await send(host, { path: '/', headers: { accept: 'text/html', host: 'evil.example:80' } });
    expect([rebinding.status, rebinding.body]).toEqual([403, 'Forbidden']);
  });

  it('dispatches POST /api/<channel> with the parsed body', async () => {
    const res = await send(host, {
      method: 'POST',
      path: '/api/profiles:select',
      headers: { cookie, origin: host.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'p1' }),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true, data: { echoed: 'profiles:select' } });
    expect(calls.at(-1)).toEqual(['profiles:select', { id: 'p1' }]);
  });

  it('answers bad JSON with BAD_INPUT, a non-JSON type with 415 and a huge body with 413', async () => {
    const headers = { cookie, 'content-type': 'application/json' };
    const bad = await send(host, { method: 'POST', path: '/api/app:info', headers, body: '{nope' });
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    const form = await send(host, { method: 'POST', path: '/api/app:info', headers: { cookie, 'content-type': 'text/plain' }, body: 'x' });
    expect(form.status).toBe(415);
    const huge = await send(host, { method: 'POST', path: '/api/app:info', headers, body: 'x'.repeat(1024 * 1024 + 10) });
    expect(huge.status).toBe(413);
  });

  it('does not serve files outside the renderer folder', async () => {
    expect((await send(host, { path: '/../../etc/passwd', headers: { cookie } })).status).toBe(404);
    expect((await send(host, { path: '/%2e%2e/%2e%2e/etc/passwd', headers: { cookie } })).status).toBe(404);
  });

  it('logs method, path and status but never the token', () => {
    const logged = JSON.stringify(host.log.entries());
    expect(logged).toContain('/api/profiles:select');
    expect(logged).not.toContain(TOKEN);
  });
});

describe('browser host: hostile channel names and inputs', () => {
  let host: RunningHost;
  const cookie = `spin_desk_token=${TOKEN}`;
  const headers = { cookie, 'content-type': 'application/json' };

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spin-desk-host-'));
    // The app's real dispatch: the contract's schemas judge the input before any handler runs.
    host = await startHost({ staticDir: dir, token: TOKEN, dispatch: createDispatch({} as Handlers, { error: () => undefined }) });
  });
  afterAll(() => host.close());

  it('answers a malformed percent-encoding in a channel name with 400 naming the rule, not 500', async () => {
    for (const path of ['/api/%E0%A4%A', '/api/app:info%', '/api/%zz']) {
      const res = await send(host, { method: 'POST', path, headers, body: '{}' });
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body), path).toEqual({
        ok: false,
        error: { code: 'BAD_INPUT', message: expect.stringContaining('percent-encoding') },
      });
    }
  });

  it('bounds an error reply: 60,000 unknown keys draw the first issues and a count, not megabytes', async () => {
    const body = JSON.stringify(Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, 1])));
    expect(body.length).toBeGreaterThan(600_000);
    const res = await send(host, { method: 'POST', path: '/api/payments:sale', headers, body });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(16 * 1024);
    const envelope = JSON.parse(res.body) as {
      ok: false;
      error: { code: string; message: string; fields: { path: string; message: string }[] };
    };
    expect(envelope.error.code).toBe('BAD_INPUT');
    expect(envelope.error.fields).toHaveLength(MAX_REPLY_ISSUES + 1);
    expect(envelope.error.fields.at(-1)?.message).toMatch(/^and \d[\d,]* more$/);
    expect(envelope.error.message).toMatch(/and \d[\d,]* more$/);
  });
});

// Issue 41, item 1: what the host shows a person is worded at each request, in the language main
// speaks then: the page for an old address, and its own refusals of a malformed request.
describe('the browser host in Spanish', () => {
  it('words the old-address page and a request body that is not JSON in Spanish', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spin-desk-host-es-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shell</title>');
    const host = await startHost({ staticDir: dir, token: TOKEN, dispatch: async () => ({ ok: true, data: null }) });
    try {
      await speakSpanishInThisTest();
      const page = await send(host, { path: '/?token=fromyesterday', headers: { accept: 'text/html' } });
      expect(page.status).toBe(403);
      expect(page.body).toContain('<html lang="es-US">');
      expect(page.body).toContain('<h1>Esta dirección es de un inicio anterior de spin-desk</h1>');
      expect(page.body).toContain(
        'Vaya a la ventana donde se inició spin-desk (<code>npm run start:browser</code> o <code>npm start</code>).',
      );
      const notJson = await send(host, {
        method: 'POST',
        path: '/api/app:info',
        headers: { 'content-type': 'application/json', cookie: `spin_desk_token=${TOKEN}`, origin: host.origin },
        body: '{',
      });
      expect(JSON.parse(notJson.body)).toEqual({
        ok: false,
        error: { code: 'BAD_INPUT', message: 'El cuerpo de la solicitud no es JSON válido' },
      });
    } finally {
      await host.close();
    }
  });
});
