// Plan steps computed from the tree text the product sent: how many arrow presses
// move a native select to an option, and which product link shows the lowest price.
import type { Intent } from './task';
import { parseTree } from './transcript';

/** Arrow presses that move the focused native select `name` from its value to `wanted`. */
export function arrowsTo(name: string, wanted: string) {
  return (tree: string): Intent | null => {
    const line = parseTree(tree).find((entry) => entry.role === 'combobox' && entry.name === name);
    // The tree prints a native select's options as `options: "A" | ["B"] | "C"`, the
    // chosen one in brackets.
    const options = /options: (.*?)(?: focused)?$/.exec(line?.rest ?? '')?.[1];
    if (!options) return null;
    const entries = options.split(' | ');
    const list = entries.map((entry) => entry.replace(/^\[|\]$/g, ''));
    const current = list[entries.findIndex((entry) => entry.startsWith('['))] ?? '';
    const from = list.indexOf(current);
    const to = list.indexOf(JSON.stringify(wanted));
    if (from < 0 || to < 0) return null;
    return {
      act: 'keys',
      keys: [to >= from ? 'ArrowDown' : 'ArrowUp'],
      repeat: Math.max(1, Math.abs(to - from)),
    };
  };
}

/** A click on the link whose line (or the text after it) shows the lowest price. */
export function cheapestLink(tree: string): Intent | null {
  let best: { name: string; cents: number } | null = null;
  let link: string | null = null;
  for (const line of parseTree(tree)) {
    if (line.role === 'link') link = line.name;
    const found = /\$(\d+)\.(\d\d)/.exec(line.role === 'text' ? line.name : line.rest + line.name);
    if (link && found) {
      const cents = Number(found[1]) * 100 + Number(found[2]);
      if (!best || cents < best.cents) best = { name: link, cents };
      link = null;
    }
  }
  return best ? { act: 'click', role: 'link', name: best.name } : null;
}
