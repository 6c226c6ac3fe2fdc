#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest. Typecheck, lint, unit
// tests, both extension builds, then end-to-end tests in real Chromium and
// Firefox ESR (and, with SIDE_AGENT_SLOW=1, the slow worker-lifetime target).
// Ends with one "N passed, N failed" line over all tests run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const firefox = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install it with "sudo apt-get install chromium" (Debian/Ubuntu) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
if (!existsSync(firefox)) {
  console.error(
    `Firefox ESR not found at ${firefox}: install it with "sudo apt-get install firefox-esr" (Debian) or set FIREFOX_PATH.`,
  );
  process.exit(1);
}

const reports = path.join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const npx = (args) => ['npx', ['--no-install', ...args]];
const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', ...npx(['prettier', '--check', '--log-level', 'warn', '.'])],
  [
    'unit',
    ...npx([
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/unit.json`,
    ]),
  ],
  // The MCP conformance suite's client scenarios against the worker path (about 40 s).
  ['conformance', 'node', ['scripts/conformance.mjs', `--report=${reports}/conformance.json`]],
  ['build chrome', ...npx(['wxt', 'build'])],
  ['build firefox', ...npx(['wxt', 'build', '-b', 'firefox', '--mv3'])],
  [
    'e2e',
    ...npx([
      'vitest',
      'run',
      '-c',
      'vitest.e2e.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/e2e.json`,
    ]),
  ],
];
// The slower worker-lifetime target (about 6 minutes) runs when asked for, as .ci/run does.
if (process.env.SIDE_AGENT_SLOW === '1') {
  steps.push([
    'e2e slow',
    ...npx([
      'vitest',
      'run',
      '-c',
      'test/e2e-slow/vitest.slow.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/slow.json`,
    ]),
  ]);
}

const started = Date.now();
let failedStep = null;
for (const [name, command, args] of steps) {
  const stepStart = Date.now();
  console.log(`\n▶ ${name}`);
  const run = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  console.log(
    `◀ ${name}: ${run.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - stepStart) / 1000).toFixed(1)} s`,
  );
  if (run.status !== 0) {
    failedStep = name;
    break;
  }
}

let passed = 0;
let failed = 0;
for (const file of ['unit.json', 'conformance.json', 'e2e.json', 'slow.json']) {
  const report = path.join(reports, file);
  if (!existsSync(report)) continue;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests ?? 0;
  failed += (json.numFailedTests ?? 0) + (json.numTodoTests ?? 0);
}
if (failedStep && failed === 0) failed = 1;
console.log(
  `\nAll checks took ${((Date.now() - started) / 1000).toFixed(0)} s${failedStep ? `; stopped at: ${failedStep}` : ''}.`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
