// The isolated world's tree code as a plain page script, for tests and benchmarks
// that run it in real Chromium without the extension (so without closed shadow
// roots): one frame's walk as text, one element's name by our computation and by
// dom-accessibility-api (the oracle), and Chromium's own role for comparison.
import { computeAccessibleName } from 'dom-accessibility-api';
import type { TreeFilter } from '../../../src/sites/web/methods/tree-methods';
import { withLabelIndex } from '../../../src/sites/web/isolated/tree/label-index';
import { accessibleName } from '../../../src/sites/web/isolated/tree/names';
import { markCovered } from '../../../src/sites/web/isolated/tree/occlusion';
import { createRefRegistry } from '../../../src/sites/web/isolated/tree/refs';
import { roleOf } from '../../../src/sites/web/isolated/tree/roles';
import { serializeWalk } from '../../../src/sites/web/isolated/tree/serializer';
import { deepActiveElement } from '../../../src/sites/web/isolated/tree/states';
import { viewportBox } from '../../../src/sites/web/isolated/tree/view-box';
import { isShownToPerson } from '../../../src/sites/web/isolated/tree/visibility';
import { walkFrame } from '../../../src/sites/web/isolated/tree/walker';

const refs = createRefRegistry();

function walk(filter: TreeFilter, rootRef: number | null = null) {
  const started = performance.now();
  return withLabelIndex(() => walkInside(filter, rootRef, started));
}

function walkInside(filter: TreeFilter, rootRef: number | null, started: number) {
  const tree = walkFrame(document, {
    filter,
    root: rootRef === null ? null : refs.elementOf(rootRef),
    refs,
    maxNodes: 60_000,
    deadline: started + 10_000,
  });
  markCovered(document, tree.inView, viewportBox(document));
  const serialized = serializeWalk(tree, {
    maxChars: 2_000_000,
    maxLines: 60_000,
    refPrefix: '',
    allOptions: false,
    focused: deepActiveElement(document),
    tokenOf: () => null,
  });
  return {
    text: serialized.lines.join('\n'),
    refs: serialized.refs,
    counts: tree.counts,
    cut: tree.cut ?? (serialized.cut ? 'size' : null),
    ms: performance.now() - started,
  };
}

(globalThis as Record<string, unknown>)['__tree'] = {
  walk,
  name: (element: Element) => accessibleName(element, 10_000),
  oracle: (element: Element) => computeAccessibleName(element),
  role: (element: Element) => roleOf(element),
  shown: (element: Element) => isShownToPerson(element),
  refOf: (element: Element) => refs.numberOf(element),
};
