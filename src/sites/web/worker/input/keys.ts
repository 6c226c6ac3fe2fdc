// ## Owns
// Key chords as the model writes them ("Enter", "Shift+Tab", "Control+a") turned into
// the browser's key events, and the mouse press sequence of one click.
import type { RunInputSession } from './debugger-sessions';

/** Modifier bits of Input.dispatchKeyEvent / dispatchMouseEvent. */
const MODIFIERS: Record<string, number> = {
  alt: 1,
  control: 2,
  ctrl: 2,
  meta: 4,
  command: 4,
  shift: 8,
};

interface KeySpec {
  readonly key: string;
  readonly code: string;
  readonly keyCode: number;
  /** What the key types, if anything. */
  readonly text?: string;
}

const NAMED: Record<string, KeySpec> = {
  enter: { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' },
  escape: { key: 'Escape', code: 'Escape', keyCode: 27 },
  tab: { key: 'Tab', code: 'Tab', keyCode: 9 },
  backspace: { key: 'Backspace', code: 'Backspace', keyCode: 8 },
  delete: { key: 'Delete', code: 'Delete', keyCode: 46 },
  space: { key: ' ', code: 'Space', keyCode: 32, text: ' ' },
  arrowup: { key: 'ArrowUp', code: 'ArrowUp', keyCode: 38 },
  arrowdown: { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 },
  arrowleft: { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37 },
  arrowright: { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39 },
  home: { key: 'Home', code: 'Home', keyCode: 36 },
  end: { key: 'End', code: 'End', keyCode: 35 },
  pageup: { key: 'PageUp', code: 'PageUp', keyCode: 33 },
  pagedown: { key: 'PageDown', code: 'PageDown', keyCode: 34 },
};
for (let n = 1; n <= 12; n += 1) NAMED[`f${n}`] = { key: `F${n}`, code: `F${n}`, keyCode: 111 + n };

/** A chord: one key with its modifiers. */
export interface KeyChord {
  readonly spec: KeySpec;
  readonly modifiers: number;
}

function singleKey(name: string): KeySpec | null {
  if (name.length !== 1) return null;
  const upper = name.toUpperCase();
  if (/[A-Z]/.test(upper))
    return { key: name, code: `Key${upper}`, keyCode: upper.charCodeAt(0), text: name };
  if (/[0-9]/.test(name))
    return { key: name, code: `Digit${name}`, keyCode: name.charCodeAt(0), text: name };
  return null;
}

const SHIFT = 8;

/** "Shift+Tab" → a chord, or the part that is not a key we know. */
export function parseChord(text: string): { chord: KeyChord } | { unknown: string } {
  const parts = text.split('+').map((part) => part.trim());
  let modifiers = 0;
  for (const part of parts.slice(0, -1)) {
    const bit = MODIFIERS[part.toLowerCase()];
    if (bit === undefined) return { unknown: part };
    modifiers |= bit;
  }
  const last = parts.at(-1) ?? '';
  const found = NAMED[last.toLowerCase()] ?? singleKey(last);
  if (!found) return { unknown: last };
  const { text: typed, ...rest } = found;
  // With Control, Alt or Meta held a key is a command and types nothing.
  if (typed === undefined || (modifiers & ~SHIFT) !== 0)
    return { chord: { spec: rest, modifiers } };
  const shifted = modifiers & SHIFT ? typed.toUpperCase() : typed;
  return { chord: { spec: { ...rest, text: shifted }, modifiers } };
}

export async function pressChord(session: RunInputSession, chord: KeyChord): Promise<void> {
  const { spec, modifiers } = chord;
  const base = {
    key: spec.key,
    code: spec.code,
    windowsVirtualKeyCode: spec.keyCode,
    nativeVirtualKeyCode: spec.keyCode,
    modifiers,
  };
  await session.send('Input.dispatchKeyEvent', {
    type: spec.text ? 'keyDown' : 'rawKeyDown',
    ...base,
    ...(spec.text ? { text: spec.text, unmodifiedText: spec.text } : {}),
  });
  await session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...base });
}

/** A left click at top-level CSS coordinates, as a person's: move, press, release. */
export async function clickAt(session: RunInputSession, x: number, y: number): Promise<void> {
  await session.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
  await session.send('Input.dispatchMouseEvent', {
    type: 'mousePressed',
    x,
    y,
    button: 'left',
    buttons: 1,
    clickCount: 1,
  });
  await session.send('Input.dispatchMouseEvent', {
    type: 'mouseReleased',
    x,
    y,
    button: 'left',
    buttons: 0,
    clickCount: 1,
  });
}
