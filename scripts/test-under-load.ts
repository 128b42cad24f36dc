// `npm run test:under-load [-- --repeat 3 --burners 2]`: runs `npm test` again and again while
// separate CPU-burner processes keep the cores busy, as a CI machine that other work loads. Every
// round must pass; a flaky test is fixed, never retried. The burners are child processes (not
// threads of this one) and are stopped however the run ends. Prints one line per round and exits
// non-zero when any round failed.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    repeat: { type: 'string', default: '3' },
    burners: { type: 'string', default: '2' },
  },
});
const repeat = Number(values.repeat);
const burnerCount = Number(values.burners);
if (!Number.isInteger(repeat) || repeat < 1 || repeat > 20 || !Number.isInteger(burnerCount) || burnerCount < 0 || burnerCount > 16) {
  console.error('usage: npm run test:under-load -- [--repeat 1..20] [--burners 0..16]');
  process.exit(2);
}

// Each burner is its own process that spins until killed.
const SPIN = 'let x = 1; for (;;) x = (Math.imul(x, 1103515245) + 12345) | 0;';
const burners: ChildProcess[] = Array.from({ length: burnerCount }, () => spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' }));
const stopBurners = (): void => {
  for (const burner of burners) if (burner.exitCode === null) burner.kill('SIGKILL');
};
process.on('exit', stopBurners);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

interface Totals {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
}

function runTests(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['test'], { stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function totals(): Totals | null {
  try {
    return JSON.parse(readFileSync('test-results/vitest.json', 'utf8')) as Totals;
  } catch {
    return null;
  }
}

const lines: string[] = [];
let failed = 0;
console.log(`test:under-load: ${repeat} round(s) of npm test beside ${burnerCount} CPU-burner process(es)`);
for (let round = 1; round <= repeat; round++) {
  rmSync('test-results/vitest.json', { force: true });
  const started = performance.now();
  const code = await runTests();
  const seconds = Math.round((performance.now() - started) / 1000);
  const t = totals();
  const counts = t ? `${t.numPassedTests} passed, ${t.numFailedTests} failed, ${t.numPendingTests} skipped` : 'no test report';
  if (code !== 0) failed++;
  lines.push(`round ${round}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} — ${counts} — ${seconds} s`);
  console.log(`test:under-load: ${lines.at(-1)}`);
}
stopBurners();
console.log(`\ntest:under-load: ${repeat} round(s) beside ${burnerCount} burner(s)\n${lines.join('\n')}`);
process.exit(failed === 0 ? 0 : 1);
