// `get_accessibility_tree`: what the person sees on the page, as one indented tree
// of roles, names, refs and states across shadow roots and frames. Viewport first and
// within a budget that grows with the model's context window; the rest is read on by
// page, a part by ref, and what changed since the last look on request. The page's
// words reach the model only inside the labelled untrusted part.
import { z } from '../../../../shared/schema/zod';
import { defineTool, type JsonValue, type KnownFrame } from '../../../../worker/tools/define-tool';
import type { ToolOutcome, ToolRunContext } from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { MAX_FRAME_TREE_CHARS, TreeFilterSchema } from '../../methods/tree-methods';
import {
  createObservationStore,
  observationKey,
  type StoredObservation,
} from './observation-store';
import type { FrameSiteOffer } from '../../../../shared/protocol/run-messages';
import { offerFrameSites } from './frame-sites';
import { stitchFrames, type FrameSource, type StitchedTree } from './stitch-frames';
import { changeLines, diffObservations } from './tree-changes';
import { observationNotes } from './tree-notes';
import { observationBudget, pageOf } from './tree-pages';
import { formatRef, parseRef, type ParsedRef } from './tree-refs';

/** How long a stored observation serves later pages before the page is read again. */
const PAGE_REUSE_MS = 120_000;

const Arguments = z.strictObject({
  filter: TreeFilterSchema.optional().describe(
    'visible (default): what is on screen now; all: the whole page; interactive: only controls.',
  ),
  ref: z
    .string()
    .max(32)
    .optional()
    .describe('Only this element and what is inside it, e.g. "e15" or "f2:e15".'),
  page: z
    .number()
    .int()
    .min(1)
    .max(100_000)
    .optional()
    .describe('Which page of a long tree to return (see nextPage in the previous result).'),
  changes: z
    .boolean()
    .optional()
    .describe('Only what changed since your last observation with the same filter and ref.'),
});

const store = createObservationStore();

function sourceFor(context: ToolRunContext, filter: z.infer<typeof TreeFilterSchema>): FrameSource {
  let known: readonly KnownFrame[] | null = null;
  let refreshed = false;
  const target = (frame: KnownFrame | null) =>
    frame ? { frameId: frame.frameId, documentId: frame.documentId } : undefined;
  return {
    walk: (frame, root, refPrefix) =>
      context.page.request(
        'web/tree-walk',
        { filter, root, maxChars: MAX_FRAME_TREE_CHARS, refPrefix },
        target(frame),
      ),
    async frameOf(token) {
      if (!context.page.frames) return null;
      known ??= await context.page.frames();
      let found = known.find((frame) => frame.linkToken === token) ?? null;
      if (!found && !refreshed) {
        refreshed = true;
        known = await context.page.frames({ refresh: true });
        found = known.find((frame) => frame.linkToken === token) ?? null;
      }
      return found;
    },
    async hitTest(holder, frameRef, points) {
      const result = await context.page.request(
        'web/tree-hit-test',
        { frame: frameRef, points: points.map(({ x, y }) => ({ x, y })) },
        target(holder),
      );
      return result.ok && result.data.found ? result.data.results : null;
    },
  };
}

async function frameNamed(context: ToolRunContext, index: number): Promise<KnownFrame | null> {
  if (!context.page.frames) return null;
  const find = (frames: readonly KnownFrame[]) =>
    frames.find((frame) => frame.index === index && frame.frameId !== 0) ?? null;
  return find(await context.page.frames()) ?? find(await context.page.frames({ refresh: true }));
}

function refNotFound(
  ref: string,
  url: string,
  nearby: { ref: string; role: string; name: string }[],
): ToolOutcome {
  return {
    ok: false,
    code: 'PAGE_REF_NOT_FOUND',
    message:
      `No element on the page has ref ${ref} any more (it was removed or re-rendered). ` +
      (nearby.length > 0
        ? 'Pick one of the nearby live refs, or observe the page again.'
        : 'Observe the page again to get current refs.'),
    details: { ref, ...untrustedPageData(url, nearby) } as Record<string, JsonValue>,
  };
}

async function observe(
  context: ToolRunContext,
  filter: z.infer<typeof TreeFilterSchema>,
  ref: ParsedRef | null,
  refText: string | null,
): Promise<{ tree: StitchedTree } | { outcome: ToolOutcome }> {
  let frame: KnownFrame | null = null;
  if (ref?.frame != null) {
    frame = await frameNamed(context, ref.frame);
    if (!frame) return { outcome: refNotFound(refText ?? '', '', []) };
  }
  const stitched = await stitchFrames(sourceFor(context, filter), {
    frame,
    root: ref?.number ?? null,
  });
  if (!stitched.ok) {
    return {
      outcome: { ok: false, code: stitched.error.code, message: stitched.error.message },
    };
  }
  const tree = stitched.data;
  if (tree.missingRoot) {
    const nearby = tree.missingRoot.map((suggestion) => ({
      ref: formatRef(ref?.frame ?? null, suggestion.ref),
      role: suggestion.role,
      name: suggestion.name,
    }));
    return { outcome: refNotFound(refText ?? '', tree.url, nearby) };
  }
  return { tree };
}

export const getAccessibilityTreeTool = defineTool({
  name: 'get_accessibility_tree',
  description:
    'Shows the page as the person sees it: one line per element (role, "name", [ref], state), across shadow roots and frames, open dialogs and menus first. Refs (e15, f2:e15) stay valid while the element exists. Hidden elements are left out and counted; off-screen and covered ones are marked. Long trees come in pages: call again with page: nextPage.',
  arguments: Arguments,
  effect: 'read',
  activity: (args) =>
    args.changes === true
      ? 'Looked at what changed on the page'
      : args.filter === 'interactive'
        ? 'Looked at the page controls'
        : args.filter === 'all'
          ? 'Looked at the whole page'
          : 'Looked at the page',
  approval: 'automatic',
  async execute(args, context) {
    const filter = args.filter ?? 'visible';
    const ref = args.ref === undefined ? null : parseRef(args.ref);
    if (args.ref !== undefined && !ref) {
      return {
        ok: false,
        code: 'PAGE_REF_INVALID',
        message: `"${args.ref.slice(0, 32)}" is not an element ref. Refs look like e15 (the page) or f2:e15 (a frame), as the tree prints them.`,
      };
    }
    const refText = ref ? formatRef(ref.frame, ref.number) : null;
    const key = observationKey(context.runId, context.page.tabId, filter, refText);
    const previous = store.get(key);
    const budget = observationBudget(context.contextWindow);
    const page = args.page ?? 1;
    let observation: StoredObservation;
    let offerSites: FrameSiteOffer[] = [];
    if (page > 1 && !args.changes && previous && Date.now() - previous.at < PAGE_REUSE_MS) {
      observation = previous;
    } else {
      const observed = await observe(context, filter, ref, refText);
      if ('outcome' in observed) return observed.outcome;
      const { tree } = observed;
      observation = {
        url: tree.url,
        title: tree.title,
        lines: tree.lines,
        refs: tree.refs,
        at: Date.now(),
        notes: observationNotes(tree, filter),
      };
      store.set(key, observation);
      // Only a read from the top knows the tab's own address to decide with.
      if (ref?.frame == null)
        offerSites = await offerFrameSites(
          context.runId,
          { tabId: context.page.tabId, topUrl: tree.url },
          tree.unlinked,
        );
    }
    let lines = observation.lines;
    let changes: JsonValue = null;
    if (args.changes) {
      if (previous) {
        const diff = diffObservations(previous, observation);
        changes = {
          added: diff.added.length,
          removed: diff.removed.length,
          changed: diff.changed.length,
          unchanged: diff.unchanged,
        };
        lines = changeLines(diff);
      } else {
        changes = 'no earlier observation with this filter and ref: the whole tree follows';
      }
    }
    const slice = pageOf(lines, budget, page);
    const text = lines.slice(slice.start, slice.end).join('\n');
    const notes = [...observation.notes];
    if (slice.nextPage !== null)
      notes.push(
        `Page ${slice.page} of ${slice.pages}: call again with page: ${slice.nextPage} for the next part.`,
      );
    if (args.changes && previous && lines.length === 0) notes.push('Nothing changed.');
    const result: Record<string, JsonValue> = {
      filter,
      ref: refText,
      page: slice.page,
      pages: slice.pages,
      nextPage: slice.nextPage,
      notes,
      ...(args.changes ? { changes } : {}),
      ...untrustedPageData(observation.url, { title: observation.title, tree: text }),
    };
    return {
      ok: true,
      result,
      ...(offerSites.length > 0 ? { offerSites } : {}),
      summary: `Read the page tree (${filter}${refText ? ` ${refText}` : ''}): page ${slice.page} of ${slice.pages}, ${slice.end - slice.start} lines.`,
    };
  },
});
