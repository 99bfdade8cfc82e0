import { z } from '../zod-mini';

/** Which terminal a report read from, and when: the first fields of every report of the open batch. */
export const reportHeaderFields = {
  profileId: z.string(),
  tpn: z.string(),
  /** ISO 8601 time the terminal answered. */
  fetchedAt: z.string(),
};
