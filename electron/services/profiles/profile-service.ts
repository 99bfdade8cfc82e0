import type { ProfilesExport, ProfilesImportResult } from '@shared/ipc/profile-transfer';
import type { TipHandling } from '@shared/ipc/tip-rules';
import type { ProfileDraft, ProfileList, ProfileView } from '@shared/ipc/profile-views';
import type { SecretStorage } from '@shared/ipc/storage-views';
import type { LookupBlocked } from '@shared/ipc/journal-views';
import { AppFailure } from '../app-failure';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { KeyValueStore } from '../settings/key-value-store';
import type { SecretVault } from '../vault/secret-vault';
import { checkCustomUrl, ENVIRONMENT_URLS } from '@shared/ipc/base-url';
import { buildExport, parseImport, uniqueName } from './profile-transfer';
import { PROFILES_KEY, ProfilesDocument, sameTerminal, type StoredProfile } from './stored-profile';

/** Everything the SPIn client needs to reach one terminal; built only inside the main process. */
export interface TerminalTarget {
  profileId: string;
  baseUrl: string;
  tpn: string;
  registerId?: string;
  authkey: string;
  proxyTimeoutSeconds: number;
  merchantNumber?: number | null;
  /** How the terminal treats TipAmount, when known (tip-rules.ts); request builders honour it. */
  tipHandling?: TipHandling;
}

export interface ProfileServiceOptions {
  store: KeyValueStore;
  vault: SecretVault;
  /** Resolves the demo terminal's base URL, starting the built-in simulator on first use. */
  demoBaseUrl: () => Promise<string>;
  newId?: () => string;
  /** Called after a terminal's Authkey or details change: lookups waiting for them can go on. */
  onTargetsChanged?: () => void;
}

export class ProfileService {
  readonly #store: KeyValueStore;
  readonly #vault: SecretVault;
  readonly #demoBaseUrl: () => Promise<string>;
  readonly #newId: () => string;
  readonly #onTargetsChanged: () => void;

  constructor(options: ProfileServiceOptions) {
    this.#onTargetsChanged = options.onTargetsChanged ?? (() => undefined);
    this.#store = options.store;
    this.#vault = options.vault;
    this.#demoBaseUrl = options.demoBaseUrl;
    this.#newId = options.newId ?? (() => crypto.randomUUID());
  }

  /** True before the first profile was ever saved: the app then creates the demo terminal. */
  isFirstLaunch(): boolean {
    return this.#store.get(PROFILES_KEY) === undefined;
  }

  async list(): Promise<ProfileList> {
    const doc = this.#read();
    const profiles = await Promise.all(doc.profiles.map((p) => this.#view(p)));
    return { profiles, activeId: doc.activeId };
  }

  async save(draft: ProfileDraft): Promise<ProfileView> {
    const doc = this.#read();
    const index = doc.profiles.findIndex((p) => p.id === (draft.id ?? ''));
    const profile = withTipHandling(this.#normalise(draft), draft.tipHandling, doc.profiles[index]);
    if (draft.id !== undefined && index === -1) throw new AppFailure('NOT_FOUND', m.svc_profile_not_found({ id: draft.id }));
    if (doc.profiles.some((p) => p.id !== profile.id && p.name.toLowerCase() === profile.name.toLowerCase())) {
      throw new AppFailure('BAD_INPUT', m.svc_profile_name_taken(), {
        fields: [{ path: 'name', message: m.svc_profile_name_unique() }],
      });
    }
    if (index === -1) doc.profiles.push(profile);
    else doc.profiles[index] = profile;
    // The first terminal someone adds becomes the active one, so the app is usable at once.
    if (doc.activeId === null) doc.activeId = profile.id;
    this.#write(doc);
    this.#onTargetsChanged();
    return this.#view(profile);
  }

  async delete(id: string): Promise<ProfileList> {
    const doc = this.#read();
    this.#find(doc, id);
    doc.profiles = doc.profiles.filter((p) => p.id !== id);
    if (doc.activeId === id) doc.activeId = doc.profiles[0]?.id ?? null;
    this.#write(doc);
    await this.#vault.delete(id);
    return this.list();
  }

  async select(id: string): Promise<ProfileList> {
    const doc = this.#read();
    this.#find(doc, id);
    doc.activeId = id;
    this.#write(doc);
    return this.list();
  }

  /**
   * Stores an Authkey. Where the OS offers no real encryption (Linux without a keyring) it refuses
   * with WEAK_VAULT until the user has accepted that warning; where it offers none, always.
   */
  async setAuthkey(id: string, authkey: string, acceptWeakProtection = false): Promise<ProfileView> {
    const profile = this.#find(this.#read(), id);
    const storage = this.#vault.protection;
    if (storage.level === 'unavailable') throw new AppFailure('UNSUPPORTED', storage.description);
    if (storage.level === 'weak' && !acceptWeakProtection) {
      throw new AppFailure('WEAK_VAULT', m.svc_weak_vault({ description: storage.description }));
    }
    await this.#vault.set(id, authkey);
    this.#onTargetsChanged();
    return this.#view(profile);
  }

  /**
   * Remembers how the terminal treats TipAmount, as "Verify this terminal" found it. Request
   * builders read it through target(); the check that found it names the time.
   */
  async setTipHandling(id: string, handling: TipHandling, checkedAt: Date): Promise<ProfileView> {
    const doc = this.#read();
    const profile = this.#find(doc, id);
    profile.tipHandling = handling;
    profile.tipCheckedAt = checkedAt.toISOString();
    this.#write(doc);
    return this.#view(profile);
  }

  secretStorage(): SecretStorage {
    return this.#vault.protection;
  }

  async exportProfiles(now = new Date()): Promise<ProfilesExport> {
    return buildExport((await this.list()).profiles, now);
  }

  /** Adds every terminal of an export file (never with an Authkey); all or nothing. */
  async importProfiles(json: string): Promise<ProfilesImportResult> {
    const drafts = parseImport(json);
    const doc = this.#read();
    const taken = new Set(doc.profiles.map((p) => p.name.toLowerCase()));
    const renamed: ProfilesImportResult['renamed'] = [];
    const alreadySetUp: ProfilesImportResult['alreadySetUp'] = [];
    const added: StoredProfile[] = [];
    for (const draft of drafts) {
      // Checked (custom URL normalised) before comparing, so "https://x/" and "https://x" are one address.
      const candidate = this.#normalise({ ...draft, id: undefined });
      const existing = [...doc.profiles, ...added].find((profile) => sameTerminal(profile, candidate));
      if (existing) {
        alreadySetUp.push({ name: draft.name, existing: existing.name });
        continue;
      }
      // A rename only for a different terminal whose name happens to be taken.
      const name = uniqueName(candidate.name, taken);
      taken.add(name.toLowerCase());
      if (name !== candidate.name) renamed.push({ from: draft.name, to: name });
      added.push(withTipHandling({ ...candidate, name }, draft.tipHandling, undefined));
    }
    // Every terminal already set up: nothing changed, so nothing to write (or to fail writing).
    if (added.length > 0) {
      doc.profiles.push(...added);
      if (doc.activeId === null) doc.activeId = added[0]?.id ?? null;
      this.#write(doc);
    }
    return { imported: added.length, renamed, alreadySetUp, list: await this.list() };
  }

  /**
   * Why a request to this terminal cannot start at all, or undefined when it can: what a pending
   * entry's lookup waits for (journal:pending says it upfront instead of after a failed try).
   */
  async lookupBlocked(profileId: string): Promise<LookupBlocked | undefined> {
    const profile = this.#read().profiles.find((p) => p.id === profileId);
    if (!profile) return { reason: 'no-terminal' };
    if (!(await this.#vault.has(profileId))) return { reason: 'no-authkey', terminalName: profile.name };
    return undefined;
  }

  /** The profile a request goes to: the one named, or the active one. */
  async target(profileId?: string): Promise<TerminalTarget> {
    const doc = this.#read();
    const id = profileId ?? doc.activeId;
    if (id === null) throw new AppFailure('NOT_FOUND', m.svc_no_terminal_selected());
    const profile = this.#find(doc, id);
    const authkey = await this.#vault.reveal(id);
    if (authkey === undefined) {
      throw new AppFailure('NO_AUTHKEY', m.svc_no_authkey({ name: profile.name }));
    }
    return {
      profileId: profile.id,
      baseUrl: await this.#baseUrl(profile),
      tpn: profile.tpn,
      ...(profile.registerId ? { registerId: profile.registerId } : {}),
      authkey,
      proxyTimeoutSeconds: profile.proxyTimeoutSeconds,
      merchantNumber: profile.merchantNumber ?? null,
      ...(profile.tipHandling ? { tipHandling: profile.tipHandling } : {}),
    };
  }

  #normalise(draft: ProfileDraft): StoredProfile {
    let customUrl: string | undefined;
    if (draft.environment === 'custom') {
      const checked = checkCustomUrl(draft.customUrl);
      if (!checked.ok) {
        throw new AppFailure('BAD_INPUT', m.svc_base_url_bad({ problem: checked.message }), {
          fields: [{ path: 'customUrl', message: checked.message }],
        });
      }
      customUrl = checked.url;
    }
    const registerId = draft.registerId?.trim();
    return {
      id: draft.id ?? this.#newId(),
      name: draft.name.trim(),
      environment: draft.environment,
      ...(customUrl ? { customUrl } : {}),
      tpn: draft.tpn.trim(),
      ...(registerId ? { registerId } : {}),
      proxyTimeoutSeconds: draft.proxyTimeoutSeconds,
      merchantNumber: draft.merchantNumber ?? null,
    };
  }

  async #baseUrl(profile: StoredProfile): Promise<string> {
    switch (profile.environment) {
      case 'demo':
        return this.#demoBaseUrl();
      case 'custom':
        // Checked when saved; checked again here in case settings were edited by hand.
        return checkCustomUrl(profile.customUrl).ok ? (profile.customUrl as string) : failBadUrl(profile);
      default:
        return ENVIRONMENT_URLS[profile.environment];
    }
  }

  async #view(profile: StoredProfile): Promise<ProfileView> {
    const endpointLabel =
      profile.environment === 'demo'
        ? m.svc_demo_endpoint()
        : profile.environment === 'custom'
          ? (profile.customUrl ?? '')
          : ENVIRONMENT_URLS[profile.environment];
    return { ...profile, endpointLabel, hasAuthkey: await this.#vault.has(profile.id) };
  }

  #find(doc: ProfilesDocument, id: string): StoredProfile {
    const profile = doc.profiles.find((p) => p.id === id);
    if (!profile) throw new AppFailure('NOT_FOUND', m.svc_profile_not_found({ id }));
    return profile;
  }

  #read(): ProfilesDocument {
    const raw = this.#store.get(PROFILES_KEY);
    if (raw === undefined) return { version: 1, profiles: [], activeId: null };
    const parsed = ProfilesDocument.safeParse(raw);
    if (!parsed.success) throw new Error('Stored terminal profiles are damaged; they were left untouched.');
    return parsed.data;
  }

  #write(doc: ProfilesDocument): void {
    this.#store.set(PROFILES_KEY, doc);
  }
}

/**
 * The tip handling a saved profile keeps. A draft that names one sets it (by hand or from an import:
 * no check time); null forgets it; a draft that leaves it out keeps what the profile remembered,
 * unless the profile now names another terminal (TPN, environment or address changed).
 */
function withTipHandling(profile: StoredProfile, asked: TipHandling | null | undefined, before: StoredProfile | undefined): StoredProfile {
  if (asked === null) return profile;
  if (asked !== undefined)
    return {
      ...profile,
      tipHandling: asked,
      ...(before?.tipHandling === asked && before.tipCheckedAt ? { tipCheckedAt: before.tipCheckedAt } : {}),
    };
  if (!before?.tipHandling || !sameTerminal(before, profile)) return profile;
  return { ...profile, tipHandling: before.tipHandling, ...(before.tipCheckedAt ? { tipCheckedAt: before.tipCheckedAt } : {}) };
}

function failBadUrl(profile: StoredProfile): never {
  throw new AppFailure('BAD_INPUT', m.svc_profile_bad_url({ name: profile.name }));
}
