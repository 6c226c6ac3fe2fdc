#!/usr/bin/env node
// `npm run gallery [-- --no-build] [word…]`: builds the extension, shoots every panel
// state in test/gallery (and any e2e test that calls shootPanel, when run) at 320, 400
// and 600 px in light and dark, and writes test-results/gallery/index.html: a contact
// sheet to look at the states side by side, then a list of every image in the folder.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const words = args.filter((arg) => !arg.startsWith('--'));
const run = (command, commandArgs) =>
  spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' }).status ?? 1;

if (!args.includes('--no-build') && run('npx', ['wxt', 'build']) !== 0) process.exit(1);
const status = run('npx', ['vitest', 'run', '-c', 'vitest.gallery.config.ts', ...words]);

const dir = path.join(root, 'test-results', 'gallery');
mkdirSync(dir, { recursive: true });
const shots = readdirSync(dir).filter((name) => name.endsWith('.png'));
const states = new Map();
for (const name of shots.sort()) {
  const match = /^(.+)\.(\d+)\.(light|dark)\.png$/.exec(name);
  if (!match) continue;
  const [, state, width, theme] = match;
  if (!states.has(state)) states.set(state, []);
  states.get(state).push({ name, width: Number(width), theme });
}
const escape = (text) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
const sections = [...states]
  .map(
    ([state, files]) =>
      `<section><h2>${escape(state)}</h2><div class="row">${files
        .sort((a, b) => a.width - b.width || a.theme.localeCompare(b.theme))
        .map(
          (file) =>
            `<figure><img src="${escape(file.name)}" width="${file.width / 2}" alt=""><figcaption>${file.width} px, ${file.theme}</figcaption></figure>`,
        )
        .join('')}</div></section>`,
  )
  .join('\n');
const everyImage = shots
  .map((name) => `<li><a href="${escape(name)}">${escape(name)}</a></li>`)
  .join('');
writeFileSync(
  path.join(dir, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>Side Agent panel gallery</title>
<style>body{font:14px system-ui;margin:24px;background:#888}section{margin-bottom:32px}
.row{display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap}figure{margin:0}
img{border:1px solid #0004;display:block}figcaption{color:#fff}
.files a{color:#fff}</style>
<h1>Side Agent panel gallery</h1>${sections}
<section><h2>Every image (${shots.length})</h2><ul class="files">${everyImage}</ul></section>`,
);
console.log(
  `\n${states.size} states, ${shots.length} screenshots: ${path.join(dir, 'index.html')}`,
);
process.exit(status);
