// zod's mini build, for the schemas the renderer reads (shared/ipc's forms and views, the request
// enums). Its schemas carry no methods (checks are functions: `.check(z.minLength(1, ...))`), so
// the renderer's bundler keeps only the checks and types those schemas use, where a classic schema
// brings all of zod with it (BENCHMARKS.md, "Renderer bundle"). They parse the same and make the
// same issues; the main process reads them and mixes them with its classic schemas freely.
//
// The mini build registers no language on its own (classic zod registers English when its first
// schema is made), so an issue without a message of ours would read "Invalid input". English is
// registered here, once, before any schema of ours exists, so that every process words issues as
// classic zod does. Called as config(), not z.config(): renderer/vite.config.ts marks `z.*` pure.
import { config, locales } from 'zod/mini';

config(locales.en());

export * as z from 'zod/mini';
