// The offline demo as a person runs it (`npm start -- --demo`),
// headless: the real start script with the scripted model server, the workbench and
// the real side panel. It must print a transcript showing the reviewed fix, leave
// the document without the compile error, and save its screenshots. --no-build: the
// e2e run has just built the extension (a rebuild mid-suite would rewrite
// .output/chrome-mv3 under the other files' browsers).
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/extension-browser';

const OUT_DIR = path.join(REPO_ROOT, 'test-results', 'demo');
const SCREENSHOTS = [
  'editor-before.png',
  'panel-diff.png',
  'editor-review.png',
  'editor-after.png',
  'panel-end.png',
];

function runDemo(
  timeoutMs: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['scripts/start.mjs', '--demo', '--headless', '--no-build'],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The demo did not finish in ${timeoutMs} ms.\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('npm start -- --demo (headless)', () => {
  it('fixes the injected compile error through the real side panel, prints the transcript and saves screenshots', async () => {
    rmSync(OUT_DIR, { recursive: true, force: true });
    const { code, stdout, stderr } = await runDemo(110_000);
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    expect(stdout).toContain(
      'Injected a compile error on line 4 of main.typ: unknown variable: ture',
    );
    const transcript = stdout.slice(
      stdout.indexOf('--- Transcript ---'),
      stdout.indexOf('--- End of transcript ---'),
    );
    expect(transcript).toContain('You: main.typ does not compile any more.');
    expect(transcript).toMatch(/\[tool\] read_diagnostics \{\} -> done: 1 errors/);
    expect(transcript).toContain('[tool] read_document {"start_line":1,"end_line":20} -> done');
    expect(transcript).toContain(
      '[tool] replace_lines {"start_line":4,"end_line":4,"new_content":"#set par(justify: true)"} -> done: Edited main.typ: +1 \u22121 (reviewed)',
    );
    expect(transcript).toMatch(/\[tool\] read_diagnostics \{\} -> done: 0 errors/);
    expect(transcript).toContain(
      'Side Agent: Fixed: line 4 of `main.typ` now reads `#set par(justify: true)`',
    );
    expect(transcript).toContain('(answer complete)');
    expect(stdout).toContain('Compile errors after: 0');
    expect(stdout).toContain('main.typ line 4: #set par(justify: true)');
    expect(stdout).toContain('Demo result: FIXED');
    for (const name of SCREENSHOTS) {
      const file = path.join(OUT_DIR, name);
      expect(existsSync(file), name).toBe(true);
      expect(statSync(file).size).toBeGreaterThan(5_000);
    }
  }, 120_000);
});
