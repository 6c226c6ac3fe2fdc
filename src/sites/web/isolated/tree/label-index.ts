// ## Owns
// Which <label> elements label a control. `control.labels` answers the same, but
// Chromium computes it on first access by scanning the whole tree for labels, once
// per control: on a page with 1,000 fields the first walk spent seconds there. One
// pass over each tree scope's labels (label.control resolves `for` by id or finds
// the wrapped control) answers every control of a walk.

export interface LabelIndex {
  /** The labels of `control`, in tree order. */
  labelsOf(control: Element): readonly Element[];
}

/** An index that reads each tree scope (document or shadow root) on first ask. */
export function createLabelIndex(): LabelIndex {
  const scopes = new Map<Node, Map<Element, Element[]>>();
  const scopeOf = (root: Node) => {
    let map = scopes.get(root);
    if (map) return map;
    map = new Map();
    scopes.set(root, map);
    const labels = (root as Document | ShadowRoot).querySelectorAll?.('label') ?? [];
    for (const label of Array.from(labels)) {
      const control = (label as HTMLLabelElement).control;
      if (!control) continue;
      const list = map.get(control);
      if (list) list.push(label);
      else map.set(control, [label]);
    }
    return map;
  };
  return {
    labelsOf(control) {
      return scopeOf(control.getRootNode()).get(control) ?? [];
    },
  };
}

let current: LabelIndex | null = null;

/** The labels of `control`: from the index of the walk in progress, else a fresh one. */
export function labelsOf(control: Element): readonly Element[] {
  return (current ?? createLabelIndex()).labelsOf(control);
}

/** Runs `work` with one label index for all of it (the DOM does not change meanwhile). */
export function withLabelIndex<T>(work: () => T): T {
  const previous = current;
  current = createLabelIndex();
  try {
    return work();
  } finally {
    current = previous;
  }
}
