// What the sentinel scans share: a terminal profile on a scripted service with the (obviously
// fake) key set through the host's API, and every file of a data folder to search.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { call, type Host } from './browser-host';

/** Every file under `dir`, in every folder. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Adds a custom-URL profile, sets its Authkey and selects it; its id. Throws when the host refuses. */
export async function keyedProfile(host: Host, profile: { name: string; url: string; tpn: string; authkey: string }): Promise<string> {
  const saved = await call(host, 'profiles:save', {
    name: profile.name,
    environment: 'custom',
    customUrl: profile.url,
    tpn: profile.tpn,
    proxyTimeoutSeconds: 30,
  });
  const profileId = (saved.data as { id: string } | undefined)?.id;
  if (!saved.ok || !profileId) throw new Error(`profiles:save refused: ${JSON.stringify(saved.error)}`);
  const keyed = await call(host, 'profiles:setAuthkey', { id: profileId, authkey: profile.authkey });
  if (!keyed.ok) throw new Error(`profiles:setAuthkey refused: ${JSON.stringify(keyed.error)}`);
  await call(host, 'profiles:select', { id: profileId });
  return profileId;
}
