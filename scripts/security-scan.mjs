// Runs Electronegativity (Doyensec's Electron security linter) over the Electron code and the
// page it loads, and fails on any finding above informational that docs/SECURITY.md does not
// explain in its "Electronegativity findings" table (matched by check id and file).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const electronVersion = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version;
const stage = mkdtempSync(join(tmpdir(), 'spin-desk-eneg-'));
cpSync('electron', join(stage, 'electron'), {
  recursive: true,
  filter: (src) => !src.endsWith('.test.ts') && !src.includes('test-support'),
});
cpSync('renderer/index.html', join(stage, 'renderer/index.html'));
const report = join(stage, 'report.csv');

// Node runs the tool's own script: node_modules/.bin holds a .cmd shim on Windows, which spawnSync cannot start.
const run = spawnSync(
  process.execPath,
  ['node_modules/@doyensec/electronegativity/dist/index.js', '-i', stage, '-r', '-e', electronVersion, '-v', 'false', '-o', report],
  {
    encoding: 'utf8',
    cwd: stage.startsWith('/') ? undefined : process.cwd(),
  },
);
let csv;
try {
  csv = readFileSync(report, 'utf8');
} catch {
  console.error(run.stdout, run.stderr);
  console.error('security-scan: electronegativity wrote no report');
  process.exit(1);
} finally {
  rmSync(stage, { recursive: true, force: true });
}

const findings = csv
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [check, severity, confidence, file, location] = line.split(',').map((cell) => cell.replace(/^"|"$/g, ''));
    return { check, severity, confidence, file, location };
  })
  .filter((finding) => finding.severity !== 'INFORMATIONAL');

const accepted = new Set(
  [...readFileSync('docs/SECURITY.md', 'utf8').matchAll(/^\|\s*`?([A-Z_]+_CHECK)`?\s*\|\s*`?([^|`]+?)`?\s*\|/gm)].map(
    ([, check, file]) => `${check} ${file.trim()}`,
  ),
);

const unexplained = findings.filter((f) => !accepted.has(`${f.check} ${f.file}`));
for (const f of findings) {
  const mark = unexplained.includes(f) ? 'UNEXPLAINED' : 'explained in docs/SECURITY.md';
  console.log(`electronegativity: ${f.check} ${f.severity}/${f.confidence} ${f.file}:${f.location} - ${mark}`);
}
if (unexplained.length > 0) {
  console.error(`security-scan: ${unexplained.length} finding(s) above informational are not explained in docs/SECURITY.md`);
  process.exit(1);
}
console.log(`security-scan: ${findings.length} finding(s) above informational, all explained in docs/SECURITY.md`);
