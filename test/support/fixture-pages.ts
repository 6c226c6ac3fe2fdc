// Fixture pages served as https://typst.app/project/<id>: a header breadcrumb and
// a real CodeMirror editor, bundled once per test process.
import { build } from 'esbuild';
import path from 'node:path';
import { REPO_ROOT } from './extension-browser';

let bundle: Promise<string> | null = null;

export function codemirrorBundle(): Promise<string> {
  bundle ??= build({
    entryPoints: [path.join(REPO_ROOT, 'test/e2e/fixtures/codemirror-page.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    minify: true,
    logLevel: 'error',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return bundle;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[char] ?? char);

/** An editor page whose breadcrumb reads `account › project › ...path`. */
export function editorPageHtml(options: { project: string; path: string; text: string }): string {
  const crumbs = ['me', options.project, ...options.path.split('/')]
    .map(
      (crumb) => `<span><span>${escapeHtml(crumb)}</span><svg width="8" height="8"></svg></span>`,
    )
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(options.project)} – ${escapeHtml(
    options.path.split('/').pop() ?? '',
  )} – Typst</title></head><body>
<header><div role="heading" aria-level="1">${crumbs}</div></header>
<div id="editor"></div>
<script type="application/json" id="initial">${JSON.stringify(options.text).replace(/</g, '\\u003c')}</script>
<script src="/__fixture/codemirror.js"></script>
</body></html>`;
}
