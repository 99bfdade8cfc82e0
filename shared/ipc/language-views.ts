import { z } from '../zod-mini';
import { LANGUAGES } from '../i18n/languages';

/** A language spin-desk speaks (shared/i18n/languages.ts). */
export const Language = z.enum(LANGUAGES);

/** The language this PC remembers (app:language); null while none was ever chosen, when the system's is used. */
export const LanguageChoice = z.object({ language: z.nullable(Language) });
export type LanguageChoice = z.infer<typeof LanguageChoice>;

/** app:language's input: a language to remember from now on, or nothing to read the one remembered. */
export const LanguageChange = z.optional(z.union([z.null(), z.strictObject({ language: Language })]));
export type LanguageChange = z.infer<typeof LanguageChange>;
