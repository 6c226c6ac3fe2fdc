// ## Owns
// The spelling of element refs the model sees: `e15` for an element of the top
// frame's document, `f2:e15` for one of the document frame 2 shows. The number is
// the frame's own registry number (stable while the element lives, never reused);
// the frame index is the worker's, never reused in the tab while the worker runs.

/** An element ref, split. `frame` is null for the top frame. */
export interface ParsedRef {
  readonly frame: number | null;
  readonly number: number;
}

const REF = /^(?:f([1-9][0-9]{0,5}):)?e([1-9][0-9]{0,14})$/;

/** The ref's parts, or null when the text is not a ref. */
export function parseRef(text: string): ParsedRef | null {
  const match = REF.exec(text.trim());
  if (!match) return null;
  return { frame: match[1] === undefined ? null : Number(match[1]), number: Number(match[2]) };
}

/** What a frame's lines put before each ref number. */
export function refPrefixOf(frame: number | null): string {
  return frame === null ? '' : `f${frame}:`;
}

/** The ref as the model writes it. */
export function formatRef(frame: number | null, number: number): string {
  return `${refPrefixOf(frame)}e${number}`;
}
