// ## Owns
// download_social_media: saves the images and videos of a post (the one a ref names,
// else the page's main post) through the Downloads gate, one card for all of them.
// The page collects the media from the post's elements; when it finds none, a model
// with vision is told to look at a screenshot and name the element itself.
// ## Why no vision pipeline of its own
// A screenshot shows where media are but not their addresses: the model that sees it
// names the element by ref, and download_resource_from_page saves it the usual way.
import { z } from '../../../../shared/schema/zod';
import {
  counted,
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

interface PostPlan {
  readonly plan: MediaPlan;
  readonly container: string;
  readonly total: number;
}

const lookYourself = (context: ToolRunContext, found: string): Failure => ({
  ok: false,
  code: 'MEDIA_NOT_FOUND',
  message: context.supportsVision
    ? `${found} Take a screenshot to see where the post's media are, then call download_resource_from_page with the ref of each.`
    : `${found} Read the accessibility tree for the post's images and call download_resource_from_page with their refs.`,
  details: { next: context.supportsVision ? 'screenshot' : 'accessibility-tree' },
});

async function postPlan(
  ref: string | undefined,
  strategy: 'auto' | 'dom' | 'vision',
  context: ToolRunContext,
): Promise<PostPlan | Failure> {
  if (strategy === 'vision') return lookYourself(context, 'Vision was asked for.');
  const parsed = ref === undefined ? undefined : parseActionRef(ref);
  if (parsed && 'ok' in parsed) return parsed;
  const answer = await context.page.request('web/post-media', { ref: parsed?.number });
  if (!answer.ok) return { ok: false, code: answer.error.code, message: answer.error.message };
  const found = answer.data;
  if (found.status === 'gone') return refGone(ref ?? 'The post');
  if (found.media.length === 0) {
    const words = `No images or videos were found in ${found.container}${found.skipped > 0 ? ` (${counted(found.skipped, 'small image')} such as icons and avatars left out)` : ''}.`;
    if (strategy === 'auto') return lookYourself(context, words);
    return { ok: false, code: 'MEDIA_NOT_FOUND', message: words };
  }
  return { plan: planMedia(found.media), container: found.container, total: found.total };
}

export function downloadSocialMediaTool(deps: FileToolDeps) {
  return defineTool({
    name: 'download_social_media',
    description:
      "Saves a post's images and videos (the post by ref, else the page's main post) to the person's Downloads.",
    arguments: z.strictObject({
      ref: RefArgument.optional(),
      strategy: z
        .enum(['auto', 'dom', 'vision'])
        .optional()
        .describe('auto (default): page elements, else a hint to look at a screenshot.'),
    }),
    effect: 'external',
    modes: ['act', 'dev'],
    offerWhen: asksForMedia,
    approval: 'automatic',
    activity: ({ ref }) => `Download the media of ${ref ?? 'the post'}`,
    async review({ ref, strategy }, context) {
      const post = await postPlan(ref, strategy ?? 'auto', context);
      if ('ok' in post) return { ask: 'refused', outcome: post };
      rememberReview(context.callId, post.plan);
      return reviewMedia(post.plan, deps, context);
    },
    async execute({ ref, strategy }, context) {
      const post = await postPlan(ref, strategy ?? 'auto', context);
      if ('ok' in post) return post;
      if (!matchesReview(context.callId, post.plan)) return changedSinceReview;
      const verdict = await reviewMedia(post.plan, deps, context);
      if (verdict.ask === 'refused') return verdict.outcome;
      const saved = await saveMedia(post.plan, deps, context);
      if (!saved.ok) return saved;
      const left =
        post.total -
        post.plan.network.length -
        post.plan.fromPage.length -
        post.plan.refused.length;
      return {
        ok: true,
        result: {
          post: post.container,
          files: saved.files,
          ...(left > 0
            ? { notSaved: `${left} more media in the post were past the bound of one call.` }
            : {}),
        },
        summary: `Downloaded ${counted(saved.saved, 'file')} of the post`,
      };
    },
  });
}
