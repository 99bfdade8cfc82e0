import { ENVIRONMENTS, ENVIRONMENT_LABELS } from '../../lib/environments';
import { COUNT, type FieldSpec } from '../../lib/ui/field-spec';

// The boxes of the terminal form, drawn by FormFields; keys are those of ProfileFields.

/** Typed codes: the browser neither corrects nor suggests them. */
const CODE = { class: 'mono', spellcheck: false, autocomplete: 'off' } as const;

const environmentOptions = ENVIRONMENTS.map((value) => ({ value, label: ENVIRONMENT_LABELS[value] }));
const merchantOptions = [
  { value: '', label: 'Not set (one merchant on this terminal)' },
  ...['1', '2', '3', '4', '5'].map((value) => ({ value, label: `Merchant ${value}` })),
];

/** Every box, the base URL included: it is asked for only when the environment is "custom". */
export const PROFILE_FIELDS: readonly FieldSpec[] = [
  { key: 'name', id: 'profile-name', label: 'Name', maxlength: 60, hint: 'What staff call it, e.g. Front counter.' },
  { key: 'environment', id: 'profile-environment', label: 'Environment', options: environmentOptions },
  {
    key: 'customUrl',
    id: 'profile-custom-url',
    label: 'Base URL',
    type: 'url',
    placeholder: 'https://spin.example.com',
    spellcheck: false,
    hint: 'Must start with https:// (plain http only for this computer).',
  },
  {
    key: 'tpn',
    id: 'profile-tpn',
    label: 'TPN',
    ...CODE,
    maxlength: 12,
    hint: "The terminal's 10–12 character number, from the iPOSpays portal.",
  },
  { key: 'registerId', id: 'profile-register-id', label: 'Register ID', optional: true, ...CODE, maxlength: 50 },
  {
    key: 'proxyTimeoutSeconds',
    id: 'profile-timeout',
    label: 'Wait for the customer (seconds)',
    ...COUNT,
    hint: '1 to 720. How long the terminal waits for the customer before giving up (SPInProxyTimeout).',
  },
  {
    key: 'merchantNumber',
    id: 'profile-merchant',
    label: 'Merchant number',
    options: merchantOptions,
    hint: 'Only for terminals shared by several merchants.',
  },
];

export const PROFILE_FIELDS_WITHOUT_URL = PROFILE_FIELDS.filter((field) => field.key !== 'customUrl');
