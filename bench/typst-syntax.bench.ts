// The Typst syntax check of proposed documents (src/sites/typst/worker/syntax): the
// size of the packaged parser, its load, and a check of Typst documents of 2,000,
// 20,000 lines and of the checker's size cap, clean (one parse) and with an error
// introduced (two parses and the comparison). Also the size and compile time of the
// full Typst compiler wasm, the other parser build in node_modules, for comparison.
// Prints median, p90 and allocated heap per row; never fails on time.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
// @ts-expect-error -- the glue ships without a declaration; TypstSyntaxGlue types what is used.
import * as typstSyntaxGlue from '../node_modules/codemirror-lang-typst/wasm/typst_syntax_bg.js';
import {
  MAX_CHECKED_CHARS,
  createTypstSyntaxChecker,
  type TypstSyntaxGlue,
} from '../src/sites/typst/worker/syntax/typst-syntax-checker';
import { introducedIssues } from '../src/worker/documents/document-check';
import { closeMeasure, measure, report } from './support/measure';

const root = process.cwd();
const PARSER_WASM = path.join(root, 'node_modules/codemirror-lang-typst/wasm/typst_syntax_bg.wasm');
const COMPILER_WASM = path.join(
  root,
  'node_modules/@myriaddreamin/typst-ts-web-compiler/pkg/typst_ts_web_compiler_bg.wasm',
);
const signal = new AbortController().signal;
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(2)} MB`;

/** A Typst document of `count` lines: headings, markup, math, code and lists. */
function typstDocument(count: number): string {
  const kinds = [
    (index: number) => `= Section ${index}`,
    (index: number) =>
      `Paragraph ${index} has *strong*, _emphasis_ and a #link("https://typst.app")[link].`,
    (index: number) => `The sum is $sum_(k=1)^${index} k = (${index}(${index}+1))/2$ here.`,
    (index: number) => `#let value${index} = (a: ${index}, b: "text ${index}")`,
    (index: number) => `- item ${index} with \`raw\` code and @label${index % 7}`,
  ];
  return Array.from({ length: count }, (_value, index) => kinds[index % kinds.length]!(index)).join(
    '\n',
  );
}

const parserBytes = await readFile(PARSER_WASM);
const compilerBytes = await readFile(COMPILER_WASM);
console.log(
  `typst-syntax wasm (codemirror-lang-typst 0.4.0): ${megabytes(parserBytes.length)} raw, ${megabytes(gzipSync(parserBytes, { level: 9 }).length)} gzip (info)`,
);
console.log(
  `typst-ts-web-compiler 0.7.0 wasm: ${megabytes(compilerBytes.length)} raw, ${megabytes(gzipSync(compilerBytes, { level: 9 }).length)} gzip (info)`,
);
report(
  'compile typst-syntax wasm',
  await measure(() => WebAssembly.compile(parserBytes), { warmup: 2, runs: 10 }),
);
report(
  'compile typst-ts-web-compiler wasm',
  await measure(() => WebAssembly.compile(compilerBytes), { warmup: 1, runs: 3 }),
);

const checker = createTypstSyntaxChecker(
  {
    glue: () => Promise.resolve(typstSyntaxGlue as TypstSyntaxGlue),
    wasm: () => readFile(PARSER_WASM),
  },
  { maxChars: Number.MAX_SAFE_INTEGER },
);
const loadStarted = performance.now();
await checker.check('= Load', signal);
console.log(
  `first check (read + instantiate + parse one line): ${(performance.now() - loadStarted).toFixed(1)} ms (info)`,
);

// The checker remembers its last two texts, so every timed run checks a text it has not
// seen: the document with a run number in a trailing comment.
let round = 0;
const fresh = (text: string) => `${text}\n// run ${(round += 1)}`;

for (const lines of [2_000, 20_000, 'cap'] as const) {
  const full = typstDocument(lines === 'cap' ? 20_000 : lines);
  const text =
    lines === 'cap' ? full.slice(0, full.lastIndexOf('\n', MAX_CHECKED_CHARS - 20)) : full;
  const name = lines === 'cap' ? `at the cap (${text.split('\n').length} lines)` : `${lines} lines`;
  console.log(`${name}: ${text.length} chars (info)`);
  const counts = lines === 2_000 ? { warmup: 2, runs: 10 } : { warmup: 1, runs: 5 };
  report(`check ${name}, clean`, await measure(() => checker.check(fresh(text), signal), counts));
  // The edit leaves one `(` unclosed in the middle: the proposed text has errors, so
  // the current one is parsed too and the two are compared.
  const middle = text.indexOf('\n#let', text.length / 2);
  const changes = [{ from: middle + 1, to: middle + 1, insert: '#f(' }];
  const withError = async () => {
    const current = fresh(text);
    const proposed = current.slice(0, middle + 1) + '#f(' + current.slice(middle + 1);
    const after = await checker.check(proposed, signal);
    const before = await checker.check(current, signal);
    if (after.kind !== 'checked' || before.kind !== 'checked') throw new Error('unchecked');
    return introducedIssues(before.issues, after.issues, changes);
  };
  console.log(`${name} with an error: ${(await withError()).length} errors introduced (info)`);
  report(`check ${name}, error introduced`, await measure(withError, counts));
}
closeMeasure();
