// fill_from_profile: types entries of the person's saved profile (Settings → Profile)
// into form fields by ref. The model names entries by key only; the product reads the
// values from the unlocked profile and types them through set_field's trusted path.
// Every call asks the person first, with the values on the card; what goes back to the
// model names the entries and never carries a value (page changes are left out, since
// a field's new value would repeat it). Offered when the person's words are about
// forms or their details, so other runs do not carry it.
import { z } from '../../../../shared/schema/zod';
import type { ProfileView } from '../../../../shared/protocol/profile-messages';
import {
  counted,
  defineTool,
  type CallReview,
  type ToolOutcome,
  type ToolRunContext,
} from '../../../../worker/tools/define-tool';
import { normalizeProfileKey } from '../../../../worker/profile/profile-vault';
import { RefArgument } from '../actions/resolve-target';
import { reviewAction } from '../safety/review-action';

/** Most fields one call fills. */
export const MAX_PROFILE_FILLS = 20;

/** What the tool needs: the profile as the worker holds it, and a way to type. */
export interface FillFromProfileDeps {
  readonly profile: { view(): Promise<ProfileView> };
  /** Clears the field `ref` and types `text` into it (set_field's path). */
  readonly typeText: (
    context: ToolRunContext,
    request: { readonly ref: string; readonly text: string },
  ) => Promise<ToolOutcome>;
}

const Arguments = z.strictObject({
  fills: z
    .array(
      z.strictObject({
        ref: RefArgument,
        entry: z.string().min(1).max(60).describe('Profile entry key, e.g. shipping.city'),
      }),
    )
    .min(1)
    .max(MAX_PROFILE_FILLS),
});
type Fill = z.infer<typeof Arguments>['fills'][number];

const PROFILE_WORDS =
  /\b(profile|autofill|auto-fill|fill|form|checkout|check out|sign ?up|register|address|shipping|billing|my (details|name|e-?mail|phone))/i;

/** Whether the person's words are about filling a form with their details. */
export const asksForProfileFill = (personText: readonly string[]): boolean =>
  personText.some((text) => PROFILE_WORDS.test(text));

type Refusal = Extract<ToolOutcome, { ok: false }>;

/** The values of the fills' entries, or why they cannot be had (said for the model). */
async function resolve(
  deps: FillFromProfileDeps,
  fills: readonly Fill[],
): Promise<{ values: string[]; keys: string[] } | Refusal> {
  let view: ProfileView;
  try {
    view = await deps.profile.view();
  } catch {
    return { ok: false, code: 'PROFILE_DAMAGED', message: 'The saved profile cannot be read.' };
  }
  if (view.state === 'none')
    return {
      ok: false,
      code: 'PROFILE_NOT_SET',
      message:
        'The person has no saved profile. Ask them for the details, or to add them in Settings → Profile.',
    };
  if (view.state === 'locked')
    return {
      ok: false,
      code: 'PROFILE_LOCKED',
      message:
        'The profile is locked. Ask the person to unlock it in Settings → Profile, then try again.',
    };
  const values: string[] = [];
  const keys: string[] = [];
  for (const fill of fills) {
    const key = normalizeProfileKey(fill.entry);
    const found = view.entries.find((entry) => entry.key === key);
    if (!key || !found)
      return {
        ok: false,
        code: 'PROFILE_ENTRY_NOT_FOUND',
        message: `The profile has no entry ${JSON.stringify(fill.entry.slice(0, 60))}. Entries: ${view.entries
          .map((entry) => entry.key)
          .join(', ')
          .slice(0, 1_500)}.`,
      };
    values.push(found.value);
    keys.push(key);
  }
  return { values, keys };
}

export function fillFromProfileTool(deps: FillFromProfileDeps) {
  return defineTool({
    name: 'fill_from_profile',
    description:
      "Fill form fields from the person's saved profile by entry key; you never see the values. The person approves each call.",
    arguments: Arguments,
    effect: 'page-action',
    activity: ({ fills }) =>
      `Filled ${counted(fills.length, 'field')} from the profile (${fills.map((fill) => fill.entry).join(', ')})`,
    approval: 'automatic',
    modes: ['act', 'dev'],
    offerWhen: asksForProfileFill,
    async review({ fills }, context): Promise<CallReview> {
      const resolved = await resolve(deps, fills);
      if ('ok' in resolved) return { ask: 'refused', outcome: resolved };
      const names: string[] = [];
      for (const fill of fills) {
        let name = fill.ref;
        const checked = await reviewAction(
          context,
          { ref: fill.ref, enter: false, url: null },
          (control) => {
            if (control?.name) name = `'${control.name.slice(0, 60)}'`;
            return null;
          },
        );
        if (checked.ask === 'refused') return checked;
        names.push(name);
      }
      return {
        ask: true,
        effect: `Fill ${fills.map((_, index) => `${names[index]} with your ${resolved.keys[index]}`).join(', ')}`,
        reason: 'It types details from your saved profile into this page.',
        destination: '',
        grantKey: null,
        detail: resolved.keys.map((key, index) => `${key}: ${resolved.values[index]}`).join('\n'),
        detailIsPrivate: true,
      };
    },
    async execute({ fills }, context): Promise<ToolOutcome> {
      // Read again: the person may have locked or changed the profile while the card waited.
      const resolved = await resolve(deps, fills);
      if ('ok' in resolved) return resolved;
      const filled: string[] = [];
      let pageChange: 'navigated' | 'changed' | undefined;
      for (const [index, fill] of fills.entries()) {
        const outcome = await deps.typeText(context, {
          ref: fill.ref,
          text: resolved.values[index] ?? '',
        });
        if (!outcome.ok) {
          const done = filled.length > 0 ? ` Filled before it: ${filled.join('; ')}.` : '';
          return {
            ok: false,
            code: outcome.code,
            message: `${fill.ref} was not filled with profile entry ${resolved.keys[index]}: ${outcome.message}${done}`,
            ...(outcome.summary ? { summary: outcome.summary } : {}),
          };
        }
        if (outcome.pageChange && pageChange !== 'navigated') pageChange = outcome.pageChange;
        filled.push(`${fill.ref} filled with profile entry ${resolved.keys[index]}`);
      }
      return {
        ok: true,
        result: { done: `${filled.join('; ')}.`, note: 'The values are not shown to you.' },
        summary: `Filled ${filled.length} from the profile`,
        ...(pageChange ? { pageChange } : {}),
      };
    },
  });
}
