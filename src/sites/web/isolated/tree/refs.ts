// ## Owns
// This frame's element refs: a number per element, stable while the element lives and
// never reused, so a ref the model saw either names that same element or is refused.
// The worker prefixes the frame (refs name their frame); numbers are per document.
// ## Why weak references
// The registry must not keep removed elements alive on long-lived pages; a WeakRef
// per number and a WeakMap back let the page's garbage collector work as usual.

export interface RefRegistry {
  /** The element's number, assigning the next one on first sight. */
  numberOf(element: Element): number;
  /** The live, connected element a number names, or null. */
  elementOf(number: number): Element | null;
  /** Drops numbers whose element is gone; returns how many were dropped. */
  sweep(): number;
  /** How many numbers are held. */
  readonly size: number;
}

export function createRefRegistry(): RefRegistry {
  const numbers = new WeakMap<Element, number>();
  const elements = new Map<number, WeakRef<Element>>();
  let next = 1;
  return {
    numberOf(element) {
      const known = numbers.get(element);
      if (known !== undefined && elements.has(known)) return known;
      const assigned = next++;
      numbers.set(element, assigned);
      elements.set(assigned, new WeakRef(element));
      return assigned;
    },
    elementOf(number) {
      const element = elements.get(number)?.deref();
      if (!element || !element.isConnected) return null;
      return element;
    },
    sweep() {
      let dropped = 0;
      for (const [number, ref] of elements) {
        const element = ref.deref();
        if (!element || !element.isConnected) {
          elements.delete(number);
          dropped += 1;
        }
      }
      return dropped;
    },
    get size() {
      return elements.size;
    },
  };
}
