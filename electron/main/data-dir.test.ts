import { resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyDataDirSwitch } from './data-dir';
import { app, resetFakes } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));

beforeEach(resetFakes);

describe('--data-dir', () => {
  it('moves the data folder where the switch says, as an absolute path', () => {
    app.switches.set('data-dir', 'shop-data');
    applyDataDirSwitch();
    expect(app.setPath).toHaveBeenCalledWith('userData', resolve('shop-data'));
  });

  it("leaves the user's app-data folder alone without it", () => {
    applyDataDirSwitch();
    expect(app.setPath).not.toHaveBeenCalled();
  });
});
