import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Window } from 'happy-dom';
import { afterAll, describe, expect, it } from 'vitest';
import { installHappyDomCompat } from './__fixtures__/happy-dom-compat';
import { assertInert } from './__fixtures__/assert-inert';
import { renderMarkdownFragment } from './render-markdown';

const directory = join(dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'hostile');
const corpus = readdirSync(directory)
  .filter((name) => name.endsWith('.txt'))
  .map((name) => [name, readFileSync(join(directory, name), 'utf8')] as const);

const MEGABYTE = 1 << 20;
const hugeLines: Array<readonly [string, string]> = [
  ['plain', 'a'.repeat(MEGABYTE)],
  ['brackets', '['.repeat(MEGABYTE)],
  ['emphasis', '*a_'.repeat(MEGABYTE / 3)],
  ['backticks', '`a'.repeat(MEGABYTE / 2)],
  ['scripts', '<script>window.__pwned=1</script>'.repeat(MEGABYTE / 33)],
  ['links', '[x](javascript:window.__pwned=1)'.repeat(MEGABYTE / 32)],
];

// A second happy-dom window WITH script evaluation, so "no script runs" is observable:
// the test environment's own window never evaluates scripts at all.
const sandbox = new Window({
  settings: {
    enableJavaScriptEvaluation: true,
    suppressInsecureJavaScriptEnvironmentWarning: true,
  },
});
const sandboxGlobals = sandbox as unknown as Record<string, unknown>;

function triggerEverything(root: ParentNode): void {
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const type of ['error', 'load', 'mouseover', 'focus', 'toggle', 'animationstart']) {
      element.dispatchEvent(new sandbox.Event(type) as unknown as Event);
    }
    // Links are checked by href instead: clicking a valid https link would navigate.
    if (element.localName !== 'a') (element as HTMLElement).click();
  }
}

async function runInSandbox(html: string): Promise<unknown> {
  sandboxGlobals.__pwned = undefined;
  const host = sandbox.document.createElement('div');
  sandbox.document.body.appendChild(host);
  // Re-parsing the serialized output also catches mutation-XSS style re-interpretation.
  host.innerHTML = html;
  triggerEverything(host as unknown as ParentNode);
  await new Promise((resolve) => setTimeout(resolve, 10));
  host.remove();
  return sandboxGlobals.__pwned;
}

function serialize(fragment: DocumentFragment): string {
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}

// Before the first render: the sanitizer caches DOM getters when it is created.
installHappyDomCompat();
afterAll(async () => sandbox.happyDOM.close());

describe('hostile Markdown corpus', () => {
  it('has fixtures', () => expect(corpus.length).toBeGreaterThanOrEqual(10));

  it('the script canary is observable (positive control)', async () => {
    expect(await runInSandbox(`<b onclick="window.__pwned='control'">x</b>`)).toBe('control');
  });

  for (const [name, text] of corpus) {
    it(`${name}: only allowlisted inert DOM`, () => {
      const holder = document.createElement('div');
      holder.append(renderMarkdownFragment(text));
      assertInert(holder);
    });

    it(`${name}: no script runs, even after re-parsing the output`, async () => {
      expect(await runInSandbox(serialize(renderMarkdownFragment(text)))).toBeUndefined();
    });
  }

  for (const [name, text] of hugeLines) {
    it(`1 MB single line (${name}) renders quickly as inert text`, async () => {
      const started = performance.now();
      const fragment = renderMarkdownFragment(text);
      expect(performance.now() - started).toBeLessThan(2_000);
      const holder = document.createElement('div');
      holder.append(fragment);
      expect(holder.querySelectorAll('*').length).toBe(0);
      expect(holder.textContent).toBe(text);
    });
  }
});
