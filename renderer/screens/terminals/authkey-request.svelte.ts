import { navigation } from '../../state/navigation.svelte';

/**
 * A request from another screen ("this terminal needs its Authkey") to open the Terminals screen
 * with that terminal's editor and its Authkey box ready. The Terminals screen takes it once.
 */
class AuthkeyRequest {
  profileId = $state<string | null>(null);

  open(profileId: string): void {
    this.profileId = profileId;
    navigation.go('terminals');
  }

  take(): string | null {
    const id = this.profileId;
    this.profileId = null;
    return id;
  }
}

export const authkeyRequest = new AuthkeyRequest();
