// ## Owns
// Naming an element without a ref, for models that cannot use refs: by the text or
// label a person sees on it (exact, prefix or contains; case and accents folded), or
// by a CSS selector. The page finds the one visible match and hands back its ref, and
// from there the action is a ref action like any other: the same grant, tab-set,
// occlusion and approval checks.
// ## Why the review's match is held until the action
// The approval decision is made on the element the review found. If the page swapped
// what the text names between the review and the press, pressing the new element
// would skip its own review, so the action presses only the element reviewed.
import { z } from '../../../../shared/schema/zod';
import type { CallReview, ToolRunContext } from '../../../../worker/tools/define-tool';
import {
  MAX_FIND_CHARS,
  PointCoordinate,
  TextMatchSchema,
  type TextMatchMode,
} from '../../methods/find-methods';
import { formatRef } from '../tree/tree-refs';
import { fail, type Failure } from './action-target';

export const RefArgument = z
  .string()
  .min(1)
  .max(40)
  .describe('Element ref from the tree, e.g. e12 or f2:e7.');

/** The ways to name the element an action works on; exactly one is given. */
export const TargetFields = {
  ref: RefArgument.optional(),
  // No minimum length in the schema (each costs every request): a blank one is refused below.
  label: z.string().max(MAX_FIND_CHARS).optional().describe('Or: its visible label.'),
  // How `label` matches (exact when absent); the enum says enough on its own.
  match: TextMatchSchema.optional(),
  selector: z.string().max(MAX_FIND_CHARS).optional().describe('Or: CSS selector.'),
};

/** Clicks only: a point of the viewport, for models that see the page but read no refs. */
export const PointFields = {
  x: PointCoordinate.optional().describe('Or: viewport x, y (CSS px).'),
  y: PointCoordinate.optional(),
};

export interface TargetArguments {
  readonly ref?: string | undefined;
  readonly label?: string | undefined;
  readonly match?: TextMatchMode | undefined;
  readonly selector?: string | undefined;
  readonly x?: number | undefined;
  readonly y?: number | undefined;
}

export const ONE_TARGET_MESSAGE =
  'Give exactly one of ref, label, selector (or both x and y), none blank.';
export const hasOneTarget = (args: TargetArguments) => {
  if ((args.x === undefined) !== (args.y === undefined)) return false;
  const point = args.x !== undefined ? 'point' : undefined;
  const given = [args.ref, args.label, args.selector, point].filter((value) => value !== undefined);
  return (
    given.length === 1 &&
    given[0]?.trim() !== '' &&
    (args.match === undefined || args.label !== undefined)
  );
};

/** How the arguments named the element, for messages. */
export function targetWords(args: TargetArguments): string {
  if (args.ref !== undefined) return args.ref;
  if (args.x !== undefined) return `at ${Math.round(args.x)}, ${Math.round(args.y ?? 0)}`;
  if (args.selector !== undefined) return `matching ${JSON.stringify(args.selector.slice(0, 80))}`;
  const how = args.match && args.match !== 'exact' ? ` (${args.match})` : '';
  return `labelled ${JSON.stringify((args.label ?? '').slice(0, 80))}${how}`;
}

// What each review found, until its action runs: run and call id to the ref text.
const reviewed = new Map<string, string>();
const MAX_HELD = 256;
const keyOf = (context: ToolRunContext) => `${context.runId}\u0000${context.callId}`;

/** The ref the arguments name: as given, or the page's one match for the label or selector. */
export async function resolveTarget(
  args: TargetArguments,
  context: ToolRunContext,
): Promise<{ readonly ref: string } | Failure> {
  if (args.ref !== undefined) return { ref: args.ref };
  const request =
    args.x !== undefined
      ? { by: 'point' as const, x: args.x, y: args.y ?? 0 }
      : args.selector !== undefined
        ? { by: 'selector' as const, selector: args.selector }
        : { by: 'text' as const, text: args.label ?? '', match: args.match ?? 'exact' };
  const answer = await context.page.request('web/act-find', request);
  if (!answer.ok) return fail(answer.error);
  const found = answer.data;
  const what = targetWords(args);
  switch (found.status) {
    case 'found':
      return { ref: formatRef(null, found.ref) };
    case 'none':
      return fail({
        code: 'PAGE_TARGET_NOT_FOUND',
        message: `No visible element ${what} is on the page${found.hidden > 0 ? ` (${found.hidden} hidden ones match)` : ''}, so nothing was done. Read the page for its refs.`,
      });
    case 'invalid':
      return fail({
        code: args.x !== undefined ? 'INPUT_TARGET_NOT_VISIBLE' : 'PAGE_SELECTOR_INVALID',
        message: found.message,
      });
    case 'ambiguous': {
      const list = found.candidates
        .map(
          (candidate) =>
            `${formatRef(null, candidate.ref)} ${candidate.role} ${JSON.stringify(candidate.name)}${candidate.where ? ` in ${candidate.where}` : ''}`,
        )
        .join('; ');
      return fail({
        code: 'PAGE_TARGET_AMBIGUOUS',
        message: `${found.capped ? 'At least ' : ''}${found.count} visible elements are ${what}, so nothing was done. Pick one by its ref: ${list}${found.count > found.candidates.length ? '; …' : ''}.`,
      });
    }
  }
}

/**
 * The review of the element the arguments name: `review` of its ref, holding the
 * match for the action that follows; refused with the action's own words when none.
 */
export async function reviewTarget(
  args: TargetArguments,
  context: ToolRunContext,
  review: (ref: string) => Promise<CallReview>,
): Promise<CallReview> {
  const resolved = await resolveTarget(args, context);
  if (!('ref' in resolved)) return { ask: 'refused', outcome: resolved };
  if (args.ref === undefined) {
    if (reviewed.size >= MAX_HELD) reviewed.delete(reviewed.keys().next().value as string);
    reviewed.set(keyOf(context), resolved.ref);
  }
  return review(resolved.ref);
}

/** For the action: resolves again and refuses when the page no longer names the reviewed element. */
export async function actionTarget(
  args: TargetArguments,
  context: ToolRunContext,
): Promise<{ readonly ref: string } | Failure> {
  const held = reviewed.get(keyOf(context));
  reviewed.delete(keyOf(context));
  const resolved = await resolveTarget(args, context);
  if ('ref' in resolved && held !== undefined && held !== resolved.ref)
    return fail({
      code: 'INPUT_TARGET_MOVING',
      message: `The element ${targetWords(args)} changed after it was checked (it is now another element), so nothing was done. Look at the page again.`,
    });
  return resolved;
}
