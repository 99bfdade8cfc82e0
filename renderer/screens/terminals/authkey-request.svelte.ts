import { ScreenRequest } from '../../state/screen-request.svelte';

/**
 * A request from another screen ("this terminal needs its Authkey") to open the Terminals screen
 * with that terminal's editor and its Authkey box ready: the profile's id.
 */
export const authkeyRequest = new ScreenRequest<string>('terminals');
