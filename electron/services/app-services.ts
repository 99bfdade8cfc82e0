import type { AppInfo } from '../../shared/ipc/views';
import { DEMO_AUTHKEY, DEMO_TPN, DemoTerminal } from './demo/demo-terminal';
import { createHandlers } from './handlers/create-handlers';
import { createDispatch, type Dispatch, type DispatchLog } from './handlers/dispatch';
import { ProfileService } from './profiles/profile-service';
import type { SpinExchange } from './spin/spin-client';
import type { KeyValueStore } from './store/key-value-store';
import type { SecretVault } from './vault/secret-vault';

export interface AppServicesOptions {
  store: KeyValueStore;
  vault: SecretVault;
  info: AppInfo;
  log: DispatchLog;
  /** Simulated terminal think time of the demo terminal (ms). */
  demoProcessingDelayMs?: number;
  onExchange?: (exchange: SpinExchange) => void;
}

export interface AppServices {
  dispatch: Dispatch;
  profiles: ProfileService;
  demo: DemoTerminal;
  close(): Promise<void>;
}

/**
 * Wires the services both shells share. Electron's main and the browser host differ only in the
 * store and vault they pass in and in how requests reach dispatch().
 */
export async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  const demo = new DemoTerminal(
    options.demoProcessingDelayMs === undefined ? {} : { processingDelayMs: options.demoProcessingDelayMs },
  );
  const profiles = new ProfileService({ store: options.store, vault: options.vault, demoBaseUrl: demo.baseUrl });
  if (profiles.isFirstLaunch()) await addDemoProfile(profiles, options.vault);
  await restoreDemoAuthkeys(profiles, options.vault);
  const handlers = createHandlers({
    profiles,
    demo,
    info: options.info,
    ...(options.onExchange ? { onExchange: options.onExchange } : {}),
  });
  return { dispatch: createDispatch(handlers, options.log), profiles, demo, close: () => demo.close() };
}

/** On first launch the app opens on the built-in demo terminal, ready to take a sale. */
async function addDemoProfile(profiles: ProfileService, vault: SecretVault): Promise<void> {
  const view = await profiles.save({
    name: 'Demo terminal',
    environment: 'demo',
    tpn: DEMO_TPN,
    proxyTimeoutSeconds: 120,
    merchantNumber: null,
  });
  await vault.set(view.id, DEMO_AUTHKEY);
  await profiles.select(view.id);
}

/**
 * The demo terminal's key is public, so a vault that forgets keys between launches (the browser
 * host's) must not leave the demo profile unusable.
 */
async function restoreDemoAuthkeys(profiles: ProfileService, vault: SecretVault): Promise<void> {
  const { profiles: all } = await profiles.list();
  for (const profile of all) {
    if (profile.environment === 'demo' && !profile.hasAuthkey) await vault.set(profile.id, DEMO_AUTHKEY);
  }
}
