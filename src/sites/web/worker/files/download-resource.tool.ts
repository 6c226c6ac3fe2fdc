// ## Owns
// download_resource_from_page: saves the resource one element holds (an image's
// largest source, a video's or audio's file, a link's download, an object's file)
// through the Downloads gate (media-save.ts), blob: and data: ones too, which only the
// page can read. The page says what the element holds; the worker fetches or asks.
import { z } from '../../../../shared/schema/zod';
import {
  defineTool,
  type ToolOutcome,
  type ToolRunContext,
} from '../../../../worker/tools/define-tool';
import { parseActionRef, refGone } from '../actions/action-target';
import { RefArgument } from '../actions/resolve-target';
import { asksForMedia } from './asks-for-media';
import { changedSinceReview, matchesReview, rememberReview } from './media-review';
import { planMedia, reviewMedia, saveMedia, type MediaPlan } from './media-save';
import type { FileToolDeps } from './save-file';

type Failure = Extract<ToolOutcome, { ok: false }>;

/** What the element a ref names holds, as a plan of one file; a failure otherwise. */
async function resourcePlan(ref: string, context: ToolRunContext): Promise<MediaPlan | Failure> {
  const parsed = parseActionRef(ref);
  if ('ok' in parsed) return parsed;
  const answer = await context.page.request('web/media-resource', { ref: parsed.number });
  if (!answer.ok) return { ok: false, code: answer.error.code, message: answer.error.message };
  const found = answer.data;
  if (found.status === 'gone') return refGone(ref);
  if (found.status === 'not-media')
    return {
      ok: false,
      code: 'MEDIA_NOT_FOUND',
      message: `${ref} (${found.target}) holds no image, video, audio or file. Give the ref of an image, video, audio, download link, object or embed; for the media of a post use download_social_media.`,
    };
  return planMedia([found.resource]);
}

export function downloadResourceTool(deps: FileToolDeps) {
  return defineTool({
    name: 'download_resource_from_page',
    description:
      "Saves the image, video, audio or file an element holds (by ref) to the person's Downloads, blob: and data: ones too. Returns its download id.",
    arguments: z.strictObject({ ref: RefArgument }),
    effect: 'external',
    modes: ['act', 'dev'],
    offerWhen: asksForMedia,
    approval: 'automatic',
    activity: ({ ref }) => `Download the resource of ${ref}`,
    async review({ ref }, context) {
      const plan = await resourcePlan(ref, context);
      if ('ok' in plan) return { ask: 'refused', outcome: plan };
      rememberReview(context.callId, plan);
      return reviewMedia(plan, deps, context);
    },
    async execute({ ref }, context) {
      const plan = await resourcePlan(ref, context);
      if ('ok' in plan) return plan;
      if (!matchesReview(context.callId, plan)) return changedSinceReview;
      // Checked again: the tab may have moved, or another call used the cap, since.
      const verdict = await reviewMedia(plan, deps, context);
      if (verdict.ask === 'refused') return verdict.outcome;
      const saved = await saveMedia(plan, deps, context);
      if (!saved.ok) return saved;
      return {
        ok: true,
        result: { files: saved.files },
        summary: `Downloaded the resource of ${ref}`,
      };
    },
  });
}
