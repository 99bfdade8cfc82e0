import { z } from '../zod-mini';

/** What this copy of the app says about itself (Help → About). */
export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  shell: z.enum(['electron', 'browser']),
  /** Where this copy keeps its journal, settings and logs (Help → About); absent when it keeps them in memory only. */
  dataFolder: z.optional(z.string()),
});
export type AppInfo = z.infer<typeof AppInfo>;
