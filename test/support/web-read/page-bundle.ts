// Bundles test/support/web-read/page-entry.ts into one classic script (built once per
// test process) that a test adds to any page.
import { build } from 'esbuild';
import path from 'node:path';

let bundle: Promise<string> | null = null;

export function webReadBundle(): Promise<string> {
  bundle ??= build({
    entryPoints: [path.join(process.cwd(), 'test/support/web-read/page-entry.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return bundle;
}
