import { ProfilesFile, type ProfilesExport } from '@shared/ipc/profile-transfer';
import type { ProfileDraft, ProfileView } from '@shared/ipc/profile-views';
import { formatIssues } from '@shared/spin/validation';
import { AppFailure } from '../app-failure';
import * as m from '@shared/i18n/paraglide/messages/_index.js';

/**
 * Builds the export file. Leaves out the demo terminal (every install has one) and, by
 * construction, every Authkey: a view only says whether one is set.
 */
export function buildExport(views: readonly ProfileView[], now: Date): ProfilesExport {
  const profiles = views
    .filter((view) => view.environment !== 'demo')
    .map((view) => ({
      name: view.name,
      environment: view.environment,
      ...(view.customUrl ? { customUrl: view.customUrl } : {}),
      tpn: view.tpn,
      ...(view.registerId ? { registerId: view.registerId } : {}),
      proxyTimeoutSeconds: view.proxyTimeoutSeconds,
      merchantNumber: view.merchantNumber ?? null,
      // Carried so the other PC sends tips the same way; written only when known, so a file
      // without tips reads as before.
      ...(view.tipHandling ? { tipHandling: view.tipHandling } : {}),
    }));
  const file: ProfilesFile = { kind: 'spin-desk-terminals', version: 1, exportedAt: now.toISOString(), profiles };
  return {
    fileName: `spin-desk-terminals-${now.toISOString().slice(0, 10)}.json`,
    json: `${JSON.stringify(file, null, 2)}\n`,
    count: profiles.length,
  };
}

/** Parses an import file completely before anything is saved, so a bad file changes nothing. */
export function parseImport(json: string): ProfileDraft[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new AppFailure('BAD_INPUT', m.svc_import_not_json(), {
      fields: [{ path: 'json', message: m.svc_import_not_terminals() }],
    });
  }
  const parsed = ProfilesFile.safeParse(raw);
  if (!parsed.success) {
    const fields = formatIssues(parsed.error).map((f) => ({ path: `file.${f.path}`, message: f.message }));
    const issues = fields.map((f) => `${f.path} ${f.message}`).join('; ');
    throw new AppFailure('BAD_INPUT', m.svc_import_cannot({ issues }), { fields });
  }
  return parsed.data.profiles;
}

/** "Front counter" -> "Front counter (2)" when the name is taken. */
export function uniqueName(name: string, taken: Set<string>): string {
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 2; ; n++) {
    const candidate = `${name.slice(0, 54)} (${n})`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
