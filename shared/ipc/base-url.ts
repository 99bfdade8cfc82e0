import * as m from '../i18n/paraglide/messages/_index.js';
import type { Environment } from './profile-views';

// Shared by the profile form (to say what is wrong before sending) and the main process (which
// decides). Uses only the URL class, so it runs in Node and in the browser.

/** Base URLs of the real service (docs/PROTOCOL.md §1.1). */
export const ENVIRONMENT_URLS = {
  production: 'https://api.spinpos.net',
  sandbox: 'https://test.spinpos.net/spin',
} as const satisfies Partial<Record<Environment, string>>;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * Checks a custom base URL: it must be http(s), and HTTPS unless it points at this machine, because
 * every request body carries the Authkey. Returns the normalised URL (no trailing slash) or a
 * phrase saying what is wrong, in the language of the moment ("must start with https://").
 */
export function checkCustomUrl(text: string | undefined): { ok: true; url: string } | { ok: false; message: string } {
  if (!text || text.trim() === '') return { ok: false, message: m.rule_base_url_required() };
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, message: m.rule_base_url_full() };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: m.rule_base_url_https() };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { ok: false, message: m.rule_base_url_loopback() };
  }
  if (url.username || url.password) return { ok: false, message: m.rule_base_url_no_user() };
  if (url.search || url.hash) return { ok: false, message: m.rule_base_url_no_query() };
  return { ok: true, url: url.toString().replace(/\/+$/, '') };
}
