import { Environment } from '@shared/ipc/profile-views';

/** What each environment means to a person choosing one. */
export const ENVIRONMENT_LABELS: Record<Environment, string> = {
  demo: 'Demo (built-in practice terminal)',
  production: 'Production (real payments)',
  sandbox: 'Sandbox (test payments)',
  custom: 'Custom address',
};

/** The short badge next to a terminal's name; "Live" so nobody mistakes real money for a test. */
export const ENVIRONMENT_BADGES: Record<Environment, string> = {
  demo: 'Demo',
  production: 'Live',
  sandbox: 'Sandbox',
  custom: 'Custom',
};

export const ENVIRONMENTS = Environment.options;
