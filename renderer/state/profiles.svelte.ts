import { api } from '../lib/api';
import type { ProfileDraft, ProfileList, ProfileView } from '@shared/ipc/profile-views';
import type { ProfilesImportResult } from '@shared/ipc/profile-transfer';

/**
 * The terminal profiles and which one is active. Every screen reads the active terminal from here,
 * so the header, the Sale screen and the Terminals screen can never disagree about it.
 */
class Profiles {
  list = $state<ProfileView[]>([]);
  activeId = $state<string | null>(null);
  loaded = $state(false);
  active = $derived(this.list.find((profile) => profile.id === this.activeId) ?? null);

  apply(next: ProfileList): void {
    this.list = next.profiles;
    this.activeId = next.activeId;
    this.loaded = true;
  }

  async load(): Promise<void> {
    this.apply(await api.profiles.list(undefined));
  }

  async select(id: string): Promise<void> {
    this.apply(await api.profiles.select({ id }));
  }

  /** Saving the first terminal can also make it active, so the whole list is read again. */
  async save(draft: ProfileDraft): Promise<ProfileView> {
    const saved = await api.profiles.save(draft);
    await this.load();
    return saved;
  }

  async remove(id: string): Promise<void> {
    this.apply(await api.profiles.delete({ id }));
  }

  /** The key goes straight to the main process; only "is one set" comes back. */
  async setAuthkey(id: string, authkey: string, acceptWeakProtection = false): Promise<void> {
    const updated = await api.profiles.setAuthkey({ id, authkey, ...(acceptWeakProtection ? { acceptWeakProtection } : {}) });
    this.list = this.list.map((profile) => (profile.id === updated.id ? updated : profile));
  }

  /** Adds the terminals of an export file; they arrive without Authkeys. */
  async importFile(json: string): Promise<ProfilesImportResult> {
    const result = await api.profiles.import({ json });
    this.apply(result.list);
    return result;
  }

  byId(id: string | null): ProfileView | undefined {
    return this.list.find((profile) => profile.id === id);
  }
}

export const profiles = new Profiles();
