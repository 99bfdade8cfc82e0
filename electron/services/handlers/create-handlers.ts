import type { AppInfo } from '../../../shared/ipc/views';
import type { DemoTerminal } from '../demo/demo-terminal';
import { runSale } from '../payments/sale';
import type { ProfileService } from '../profiles/profile-service';
import type { SpinExchange } from '../spin/spin-client';
import type { Handlers } from './dispatch';

export interface HandlerDeps {
  profiles: ProfileService;
  demo: DemoTerminal;
  info: AppInfo;
  onExchange?: (exchange: SpinExchange) => void;
}

/** Binds every contract channel to the service that does the work. */
export function createHandlers(deps: HandlerDeps): Handlers {
  const { profiles, demo } = deps;
  const clientOptions = deps.onExchange ? { onExchange: deps.onExchange } : {};
  return {
    'app:info': async () => deps.info,
    'profiles:list': () => profiles.list(),
    'profiles:save': (draft) => profiles.save(draft),
    'profiles:delete': ({ id }) => profiles.delete(id),
    'profiles:select': ({ id }) => profiles.select(id),
    'profiles:setAuthkey': ({ id, authkey, acceptWeakProtection }) => profiles.setAuthkey(id, authkey, acceptWeakProtection),
    'profiles:secretStorage': async () => profiles.secretStorage(),
    'profiles:export': () => profiles.exportProfiles(),
    'profiles:import': ({ json }) => profiles.importProfiles(json),
    'payments:sale': (form) => runSale(profiles, form, clientOptions),
    'demo:setNext': async ({ behaviour }) => ({ next: await demo.setNext(behaviour) }),
  };
}
