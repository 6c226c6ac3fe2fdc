// Runs of text between the kept elements of a walk: inline text joins the open run,
// a block boundary closes it, and each run keeps a bounded prefix of what it saw
// (the rest is only counted), so a 2 MB text node costs a short line.
import type { TreeContainer } from './tree-nodes';

/** Raw text kept per run; longer runs are clipped when printed. */
const RAW_TEXT_CHARS = 600;

/** Ends the open text run of `container`, if any: the next text starts a new one. */
export function closeText(container: TreeContainer): void {
  const last = container.children[container.children.length - 1];
  if (last?.kind === 'text') last.open = false;
}

/** Adds text to the open run of `container`, or starts a run. */
export function addText(container: TreeContainer, data: string): void {
  const last = container.children[container.children.length - 1];
  if (last?.kind === 'text' && last.open) {
    const room = RAW_TEXT_CHARS - last.raw.length;
    if (room > 0) last.raw += data.length > room ? data.slice(0, room) : data;
    last.extra += Math.max(0, data.length - Math.max(room, 0));
    return;
  }
  if (data.trim() === '') return;
  container.children.push({
    kind: 'text',
    raw: data.length > RAW_TEXT_CHARS ? data.slice(0, RAW_TEXT_CHARS) : data,
    extra: Math.max(0, data.length - RAW_TEXT_CHARS),
    open: true,
  });
}
