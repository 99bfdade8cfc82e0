// Issue 41: why Settle all leaves a terminal out is worded in the language main speaks.
import { describe, expect, it } from 'vitest';
import { fastDeps } from '../../../tests/support/money-move-kit';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';
import { MemoryJournal } from '../journal/sqlite-journal';
import { ProfileService } from '../profiles/profile-service';
import { MemoryStore } from '../settings/key-value-store';
import { TerminalActivity } from '../terminal/terminal-activity';
import { MemoryVault } from '../vault/secret-vault';
import { BatchFigures } from './batch-figures';
import { settlePlan } from './settle-all';

speakSpanishInEachTest();

describe('Settle all in Spanish', () => {
  it('leaves out a terminal without an Authkey and one busy with a sale from this PC, saying why in Spanish', async () => {
    const vault = new MemoryVault();
    const profiles = new ProfileService({ store: new MemoryStore(), vault, demoBaseUrl: async () => 'http://127.0.0.1:9' });
    const draft = { environment: 'demo', proxyTimeoutSeconds: 90 } as const;
    await profiles.save({ ...draft, name: 'Sin clave', tpn: 'ESNOKEY0001' });
    const busy = await profiles.save({ ...draft, name: 'Caja 1', tpn: 'ESBUSY00001' });
    await profiles.setAuthkey(busy.id, 'FAKEKEY001');
    const activity = new TerminalActivity();
    activity.claim(await profiles.target(busy.id), { operation: 'Sale', referenceId: 'ESB1' });
    const deps = { ...fastDeps(new MemoryJournal(), 'http://127.0.0.1:9'), profiles, activity, figures: new BatchFigures() };
    expect((await settlePlan(deps)).terminals).toMatchObject([
      {
        name: 'Sin clave',
        skip: 'no-authkey',
        reason: 'No hay Authkey en esta PC: escríbala en la pantalla Terminales y luego liquide el lote.',
      },
      { name: 'Caja 1', skip: 'busy', reason: 'Ocupada con una solicitud de esta PC: venta ESB1. Liquide el lote cuando haya terminado.' },
    ]);
  });
});
