import { Environment } from '@shared/ipc/profile-views';
import { m } from './i18n/messages';

// Getters: each word is read where it is shown, in the language of that moment.

/** What each environment means to a person choosing one. */
export const ENVIRONMENT_LABELS: Record<Environment, string> = {
  get demo() {
    return m.lib_env_demo();
  },
  get production() {
    return m.lib_env_production();
  },
  get sandbox() {
    return m.lib_env_sandbox();
  },
  get custom() {
    return m.lib_env_custom();
  },
};

/** The short badge next to a terminal's name; "Live" so nobody mistakes real money for a test. */
export const ENVIRONMENT_BADGES: Record<Environment, string> = {
  get demo() {
    return m.lib_badge_demo();
  },
  get production() {
    return m.lib_badge_live();
  },
  get sandbox() {
    return m.lib_badge_sandbox();
  },
  get custom() {
    return m.lib_badge_custom();
  },
};

export const ENVIRONMENTS = Environment.options;
