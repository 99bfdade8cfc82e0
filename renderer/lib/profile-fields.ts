import { ProfileDraft, type Environment, type ProfileView } from '@shared/ipc/profile-views';
import { issuesToFieldErrors, type FieldErrors } from './field-errors';
import { checkCustomUrl } from '@shared/ipc/base-url';
import { m } from './i18n/messages';

/**
 * What the profile form edits: text as typed, keyed by the contract's field names so that errors
 * from the main process (ApiError.fieldMessage("tpn")) land on the same field as local ones.
 */
export interface ProfileFields {
  id?: string;
  name: string;
  environment: Environment;
  customUrl: string;
  tpn: string;
  registerId: string;
  proxyTimeoutSeconds: string;
  /** '' = not a multi-merchant terminal; '1'..'5' otherwise. */
  merchantNumber: string;
}

export const DEFAULT_PROXY_TIMEOUT_SECONDS = 120;

export function emptyProfileFields(): ProfileFields {
  return {
    name: '',
    environment: 'production',
    customUrl: '',
    tpn: '',
    registerId: '',
    proxyTimeoutSeconds: String(DEFAULT_PROXY_TIMEOUT_SECONDS),
    merchantNumber: '',
  };
}

export function fieldsFromProfile(profile: ProfileView): ProfileFields {
  return {
    id: profile.id,
    name: profile.name,
    environment: profile.environment,
    customUrl: profile.customUrl ?? '',
    tpn: profile.tpn,
    registerId: profile.registerId ?? '',
    proxyTimeoutSeconds: String(profile.proxyTimeoutSeconds),
    merchantNumber: profile.merchantNumber ? String(profile.merchantNumber) : '',
  };
}

export type DraftCheck = { ok: true; draft: ProfileDraft } | { ok: false; errors: FieldErrors };

/**
 * Checks the form with the contract's own schema (the same rules main applies) before anything is
 * sent. Whether a custom address must be HTTPS is decided by main, which answers at the field.
 */
export function toProfileDraft(fields: ProfileFields): DraftCheck {
  const custom = fields.environment === 'custom';
  const timeoutText = fields.proxyTimeoutSeconds.trim();
  const candidate = {
    ...(fields.id ? { id: fields.id } : {}),
    name: fields.name,
    environment: fields.environment,
    ...(custom ? { customUrl: fields.customUrl.trim() } : {}),
    tpn: fields.tpn,
    ...(fields.registerId.trim() ? { registerId: fields.registerId } : {}),
    proxyTimeoutSeconds: /^\d+$/.test(timeoutText) ? Number(timeoutText) : Number.NaN,
    merchantNumber: fields.merchantNumber ? Number(fields.merchantNumber) : null,
  };
  const parsed = ProfileDraft.safeParse(candidate);
  const errors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
  if (Number.isNaN(candidate.proxyTimeoutSeconds)) errors.proxyTimeoutSeconds = m.lib_enter_timeout();
  if (custom) {
    const url = candidate.customUrl ?? '';
    const checked = checkCustomUrl(url);
    if (url === '') errors.customUrl = m.lib_enter_base_url();
    else if (!checked.ok) errors.customUrl = m.lib_base_url_problem({ problem: checked.message });
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, draft: parsed.data };
}
