// press_keys: keys and chords to whatever has focus in the run's tab (Enter, Escape,
// Tab, arrows, with modifiers), each as a real key press, repeated a bounded number
// of times.
import { z } from '../../../../shared/schema/zod';
import { defineTool } from '../../../../worker/tools/define-tool';
import { parseChord, pressChord, type KeyChord } from '../input/keys';
import { actionOutcome, pressAndObserve } from './action-result';
import { fail, inputSession, type ActionDeps } from './action-target';
import { recordPressed, reviewAction } from '../safety/review-action';

/** Keys that press the focused control the way a click does, or submit its form. */
const PRESSING_KEYS = new Set(['Enter', ' ']);

/** The first key of the list that presses or submits, as the browser names it. */
function pressingKey(keys: readonly string[]): string | null {
  for (const key of keys) {
    const parsed = parseChord(key);
    if ('chord' in parsed && PRESSING_KEYS.has(parsed.chord.spec.key)) return parsed.chord.spec.key;
  }
  return null;
}

/** Most presses one call makes (keys × repeat). */
export const MAX_KEY_PRESSES = 50;

export function pressKeysTool(deps: ActionDeps) {
  return defineTool({
    name: 'press_keys',
    description:
      'Presses keys on the focused element of the page, in order: names such as Enter, Escape, Tab, ArrowDown, Backspace, or chords such as Shift+Tab and Control+a. `repeat` presses the whole list again.',
    arguments: z.strictObject({
      keys: z.array(z.string().min(1).max(40)).min(1).max(20),
      repeat: z.number().int().min(1).max(MAX_KEY_PRESSES).default(1),
    }),
    effect: 'page-action',
    activity: ({ keys, repeat }) =>
      `Pressed ${keys.join(', ')}${repeat > 1 ? ` ${String(repeat)} times` : ''}`,
    approval: 'automatic',
    modes: ['act', 'dev'],
    review: ({ keys }, context) => {
      const pressing = pressingKey(keys);
      if (pressing === null) return Promise.resolve({ ask: false } as const);
      const enter = pressing === 'Enter';
      return reviewAction(context, { ref: null, enter, url: null }, (control) =>
        control
          ? { kind: 'press', verb: enter ? 'Press Enter in' : 'Press Space on', control }
          : null,
      );
    },
    async execute({ keys, repeat }, context) {
      const chords: KeyChord[] = [];
      for (const key of keys) {
        const parsed = parseChord(key);
        if (!('chord' in parsed)) {
          return fail({
            code: 'ARGUMENTS_INVALID',
            message: `"${parsed.unknown.slice(0, 40)}" in "${key.slice(0, 40)}" is not a key name Side Agent knows (try Enter, Escape, Tab, ArrowDown, Control+a).`,
          });
        }
        chords.push(parsed.chord);
      }
      if (chords.length * repeat > MAX_KEY_PRESSES) {
        return fail({
          code: 'ARGUMENTS_INVALID',
          message: `That is ${chords.length * repeat} key presses; one call makes at most ${MAX_KEY_PRESSES}.`,
        });
      }
      const session = await inputSession(deps, context);
      if ('ok' in session) return session;
      const before = await context.page.request('web/act-state', { ref: null });
      if (!before.ok) return fail(before.error);
      const after = await pressAndObserve(deps, context, null, before.data, async () => {
        for (let round = 0; round < repeat; round += 1) {
          for (const chord of chords) {
            if (context.signal.aborted)
              return fail({ code: 'CANCELLED', message: 'The request was stopped.' });
            await pressChord(session, chord);
          }
        }
        // Enter that sent a form (the review noted it) counts as sending it.
        recordPressed(context);
      });
      if ('ok' in after) return after;
      const label = keys.join(', ') + (repeat > 1 ? ` \u00d7${repeat}` : '');
      return actionOutcome(
        `Pressed ${label}.`,
        before.data.focused ?? 'the page',
        after,
        before.data,
        `Pressed ${label}`,
        context,
      );
    },
  });
}
