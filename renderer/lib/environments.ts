import { Environment } from '@shared/ipc/profile-views';
import { m } from './i18n/messages';

/**
 * Words read each time they are shown (a getter per key), so a language switch renames a badge or
 * an option in place while callers keep reading a plain record.
 */
function readWhenShown(words: Record<Environment, () => string>): Readonly<Record<Environment, string>> {
  const getters = Object.entries(words).map(([key, word]) => [key, { get: () => word(), enumerable: true }]);
  return Object.defineProperties({}, Object.fromEntries(getters)) as Record<Environment, string>;
}

/** What each environment means to a person choosing one. */
export const ENVIRONMENT_LABELS = readWhenShown({
  demo: m.lib_env_demo,
  production: m.lib_env_production,
  sandbox: m.lib_env_sandbox,
  custom: m.lib_env_custom,
});

/** The short badge next to a terminal's name; "Live" so nobody mistakes real money for a test. */
export const ENVIRONMENT_BADGES = readWhenShown({
  demo: m.lib_badge_demo,
  production: m.lib_badge_live,
  sandbox: m.lib_badge_sandbox,
  custom: m.lib_badge_custom,
});

export const ENVIRONMENTS = Environment.options;
