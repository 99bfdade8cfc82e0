import { fireEvent, render, screen } from '@testing-library/svelte';
import { createRawSnippet, flushSync } from 'svelte';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appLanguage } from '../i18n/language.svelte';
import { polyfillDialog } from '../../test-support/jsdom-dialog';
import ConfirmDialog from './ConfirmDialog.svelte';

beforeAll(polyfillDialog);
afterEach(async () => {
  await appLanguage.show('en');
});

const question = createRawSnippet(() => ({ render: () => '<p>Delete Front counter?</p>' }));

function openDialog() {
  const onconfirm = vi.fn();
  render(ConfirmDialog, { open: true, title: 'Delete terminal', confirmLabel: 'Delete', onconfirm, children: question });
  flushSync();
  return { onconfirm, dialog: screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement };
}

describe('Confirm dialog', () => {
  it('opens named by its title, with Cancel focused first since confirming destroys data', () => {
    const { dialog } = openDialog();
    expect(dialog.open).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Delete terminal' })).toBe(dialog);
    expect(screen.getByText('Delete Front counter?')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('closes on Cancel without confirming', async () => {
    const { dialog, onconfirm } = openDialog();
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(dialog.open).toBe(false);
    expect(onconfirm).not.toHaveBeenCalled();
  });

  it('confirms once and closes on the confirm button', async () => {
    const { dialog, onconfirm } = openDialog();
    await fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onconfirm).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(false);
  });

  it('says its own Cancel in Spanish after a switch, on the same button (issue 41)', async () => {
    openDialog();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    await appLanguage.show('es-US');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Cancelar' })).toBe(cancel));
  });
});
