import type { UpdateStatus } from '@shared/ipc/update-views';

/** The answer of app:updates wherever spin-desk does not update itself (the browser host, an unpackaged start). */
export const NOT_UPDATED_HERE: UpdateStatus = {
  state: 'not-here',
  message:
    'This copy of spin-desk does not update itself. The browser version runs from its own folder: update that (a new release, or git pull and npm ci) and start it again.',
};
