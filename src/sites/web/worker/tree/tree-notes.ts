// ## Owns
// The tool's own words about an observation (outside the page's untrusted part): how
// many hidden elements were left out, what lies outside the view, which frames could
// not be read, and whether the walk stopped early.
import type { TreeFilter } from '../../methods/tree-methods';
import type { StitchedTree } from './stitch-frames';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function observationNotes(tree: StitchedTree, filter: TreeFilter): string[] {
  const notes: string[] = [];
  const { counts } = tree;
  if (counts.hidden > 0)
    notes.push(
      `${plural(counts.hidden, 'hidden element')} omitted (display:none, visibility:hidden, aria-hidden, zero size or clipped): the person cannot see them.`,
    );
  const away = [
    ['above', counts.above],
    ['below', counts.below],
    ['left of', counts.left],
    ['right of', counts.right],
  ].filter(([, count]) => Number(count) > 0);
  if (away.length > 0)
    notes.push(
      `Outside the view: ${away.map(([where, count]) => `${plural(Number(count), 'element')} ${String(where)} it`).join(', ')}. Scroll there, or use filter "all".`,
    );
  if (tree.frames.read > 1 || tree.frames.unread > 0)
    notes.push(
      `${plural(tree.frames.read - 1, 'frame')} read into the tree${tree.frames.unread > 0 ? `, ${tree.frames.unread} not (see the "# frame not read" lines)` : ''}.`,
    );
  if (tree.humanChecks.length > 0)
    notes.push(
      `A human check (${tree.humanChecks.join(', ')}) is on this page. Do not click or try to solve it: ask the person to solve it on the page, then observe again.`,
    );
  if (tree.cut)
    notes.push(
      'The walk stopped early on this very large page; read a part with ref, or use filter "interactive".',
    );
  if (tree.lines.length === 0)
    notes.push(filter === 'interactive' ? 'No controls found.' : 'Nothing visible found.');
  return notes;
}
