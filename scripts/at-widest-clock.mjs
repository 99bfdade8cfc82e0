// Runs a command with the clock of its whole process tree set to the widest date and time the
// screens show: 28 December of this year, 10:58 p.m. (two-digit day, month and hour). A layout that
// fitted at 9 p.m. on the 2nd ran History 6 px over at 11 p.m. in Spanish at 1024 px, so CI failed
// only at some hours (issue 40). `npm test` runs on the real clock and the soak's browser pass on
// this one, so between them both ends are walked. libfaketime (Debian: faketime) sets the clock of
// every child too, so the host, the simulator and Chromium agree; from that moment it runs on.
import { spawnSync } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/at-widest-clock.mjs <command> [args...]');
  process.exit(2);
}
if (spawnSync('faketime', ['--version'], { stdio: 'ignore' }).error) {
  console.error('at-widest-clock: needs faketime (Debian: apt-get install -y faketime; .ci/run installs it)');
  process.exit(1);
}
const widest = `@${new Date().getFullYear()}-12-28 22:58:00`;
console.log(`at-widest-clock: ${[command, ...args].join(' ')} with the clock at ${widest.slice(1)}`);
// FAKETIME_DONT_RESET: children start from the parent's clock, not from the start moment again.
const result = spawnSync('faketime', ['-f', widest, command, ...args], {
  stdio: 'inherit',
  env: { ...process.env, FAKETIME_DONT_RESET: '1' },
});
process.exit(result.status ?? 1);
