// ## Owns
// The tree methods of one frame: a walk (serialized, with placeholders for child
// frames and the centres of uncovered controls), a child frame's hit test, and ref
// checks. One ref registry per document, so refs live as long as the page does.
import type { RequestChannel, RequestHandlers } from '../../../../shared/protocol/define-channel';
import type { IsolatedFrame } from '../../../../page/kit/isolated-site';
import {
  FRAME_WALK_TIME_LIMIT_MS,
  MAX_FRAME_TREE_LINES,
  MAX_REF_SUGGESTIONS,
  type treeMethods,
  type WalkResult,
} from '../../methods/tree-methods';
import { withShadowRootMemo } from './flat-tree';
import { withLabelIndex } from './label-index';
import { hitTestFrame, markCovered } from './occlusion';
import { suggestRefs } from './ref-suggestions';
import { createRefRegistry, type RefRegistry } from './refs';
import { serializeWalk } from './serializer';
import { deepActiveElement } from './states';
import { viewportBox } from './view-box';
import { walkFrame } from './walker';

type Channel = RequestChannel<typeof treeMethods>;

export function startTreeHandlers(
  _signal: AbortSignal,
  frame: IsolatedFrame,
  refs: RefRegistry = createRefRegistry(),
): RequestHandlers<Channel> {
  const page = () => ({
    url: location.href.slice(0, 2_048),
    title: document.title.slice(0, 512),
    viewport: {
      width: Math.max(0, Math.round(window.innerWidth)),
      height: Math.max(0, Math.round(window.innerHeight)),
    },
  });
  return {
    'web/tree-walk': async ({ filter, root, maxChars, refPrefix }) => {
      const started = performance.now();
      const rootElement = root === null ? null : refs.elementOf(root);
      if (root !== null && !rootElement) {
        return emptyWalk(page(), started, suggestRefs(refs, root, MAX_REF_SUGGESTIONS));
      }
      // One label index and one closed-root memo serve the whole walk: the DOM does
      // not change meanwhile.
      const { tree, points, serialized } = withWalkMemos(() => {
        const tree = walkFrame(document, {
          filter,
          root: rootElement,
          refs,
          maxNodes: MAX_FRAME_TREE_LINES,
          deadline: started + FRAME_WALK_TIME_LIMIT_MS,
        });
        const points = markCovered(document, tree.inView, viewportBox(document));
        const serialized = serializeWalk(tree, {
          maxChars,
          maxLines: MAX_FRAME_TREE_LINES,
          refPrefix,
          allOptions: rootElement?.localName === 'select',
          focused: deepActiveElement(document),
          tokenOf: (element) => frame.frameLinks.tokenOf(element),
        });
        return { tree, points, serialized };
      });
      refs.sweep();
      // Frames whose documents have not introduced themselves yet get a moment to.
      if (serialized.frames.some((placeholder) => placeholder.token === null)) {
        await frame.frameLinks.introduce(serialized.frameElements);
        serialized.frames.forEach((placeholder, index) => {
          const element = serialized.frameElements[index];
          if (placeholder.token === null && element)
            placeholder.token = frame.frameLinks.tokenOf(element);
        });
      }
      const result: WalkResult = {
        ...page(),
        text: serialized.lines.join('\n'),
        refs: serialized.refs,
        frames: serialized.frames,
        points,
        counts: {
          visited: tree.counts.visited,
          lines: serialized.lines.length,
          hidden: tree.counts.hidden,
          above: tree.counts.above,
          below: tree.counts.below,
          left: tree.counts.left,
          right: tree.counts.right,
          framesOmitted: serialized.framesOmitted,
        },
        cut: tree.cut ?? (serialized.cut ? 'size' : null),
        missingRoot: null,
        walkMs: Math.min(600_000, performance.now() - started),
      };
      return result;
    },
    'web/tree-hit-test': ({ frame: frameRef, points }) => {
      const element = refs.elementOf(frameRef);
      if (!element || (element.localName !== 'iframe' && element.localName !== 'frame'))
        return { found: false, results: [] };
      return { found: true, results: hitTestFrame(document, element, points) };
    },
    'web/tree-refs': ({ refs: numbers }) => {
      const alive = numbers.map((number) => refs.elementOf(number) !== null);
      // Suggestions stand in for the first ref that names nothing.
      const dead = numbers.find((_number, index) => !alive[index]);
      const suggestions = dead === undefined ? [] : suggestRefs(refs, dead, MAX_REF_SUGGESTIONS);
      return { alive, suggestions };
    },
  };
}

function withWalkMemos<T>(work: () => T): T {
  return withLabelIndex(() => withShadowRootMemo(work));
}

function emptyWalk(
  page: Pick<WalkResult, 'url' | 'title' | 'viewport'>,
  started: number,
  suggestions: WalkResult['missingRoot'],
): WalkResult {
  return {
    ...page,
    text: '',
    refs: [],
    frames: [],
    points: [],
    counts: {
      visited: 0,
      lines: 0,
      hidden: 0,
      above: 0,
      below: 0,
      left: 0,
      right: 0,
      framesOmitted: 0,
    },
    cut: null,
    missingRoot: suggestions,
    walkMs: performance.now() - started,
  };
}
