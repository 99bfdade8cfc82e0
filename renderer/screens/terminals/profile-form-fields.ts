import { ENVIRONMENTS, ENVIRONMENT_LABELS } from '../../lib/environments';
import { m } from '../../lib/i18n/messages';
import { COUNT, type FieldSpec } from '../../lib/ui/field-spec';

// The boxes of the terminal form, drawn by FormFields; keys are those of ProfileFields. Built when
// the form draws them (not once at load), so their words follow a language switch.

/** Typed codes: the browser neither corrects nor suggests them. */
const CODE = { class: 'mono', spellcheck: false, autocomplete: 'off' } as const;

function merchantOptions(): { value: string; label: string }[] {
  return [
    { value: '', label: m.terms_merchant_none() },
    ...['1', '2', '3', '4', '5'].map((value) => ({ value, label: m.terms_merchant_n({ number: value }) })),
  ];
}

/** Every box; the base URL only when `withUrl` (it is asked for only when the environment is "custom"). */
export function profileFields(withUrl: boolean): readonly FieldSpec[] {
  const fields: FieldSpec[] = [
    { key: 'name', id: 'profile-name', label: m.terms_field_name(), maxlength: 60, hint: m.terms_field_name_hint() },
    {
      key: 'environment',
      id: 'profile-environment',
      label: m.terms_field_environment(),
      options: ENVIRONMENTS.map((value) => ({ value, label: ENVIRONMENT_LABELS[value] })),
    },
    {
      key: 'customUrl',
      id: 'profile-custom-url',
      label: m.terms_field_url(),
      type: 'url',
      placeholder: 'https://spin.example.com',
      spellcheck: false,
      hint: m.terms_field_url_hint(),
    },
    { key: 'tpn', id: 'profile-tpn', label: m.terms_field_tpn(), ...CODE, maxlength: 12, hint: m.terms_field_tpn_hint() },
    { key: 'registerId', id: 'profile-register-id', label: m.terms_field_register(), optional: true, ...CODE, maxlength: 50 },
    {
      key: 'proxyTimeoutSeconds',
      id: 'profile-timeout',
      label: m.terms_field_timeout(),
      ...COUNT,
      hint: m.terms_field_timeout_hint(),
    },
    {
      key: 'merchantNumber',
      id: 'profile-merchant',
      label: m.terms_field_merchant(),
      options: merchantOptions(),
      hint: m.terms_field_merchant_hint(),
    },
  ];
  return withUrl ? fields : fields.filter((field) => field.key !== 'customUrl');
}
