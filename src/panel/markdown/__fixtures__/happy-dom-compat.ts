/**
 * Test-only shim. happy-dom defines `nodeName` on each subclass and leaves the base
 * `Node.prototype.nodeName` getter returning ''. DOMPurify 3.4 reads node names through
 * the cached `Node.prototype` getter (an anti-clobbering measure), so under happy-dom
 * it sees every element as '' and removes or keeps the wrong nodes. Browsers implement
 * the getter on Node.prototype, so production needs nothing. This makes the base getter
 * dispatch to the subclass one; call it before the first render in a test file.
 * COMPAT(happy-dom-21): drop once happy-dom implements Node.prototype.nodeName.
 */
export function installHappyDomCompat(): void {
  const base = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeName');
  if (
    base?.get === undefined ||
    document.createElement('p').nodeName === base.get.call(document.createElement('p'))
  )
    return;
  const baseGet = base.get;
  Object.defineProperty(Node.prototype, 'nodeName', {
    configurable: true,
    get(this: Node): string {
      for (
        let proto = Object.getPrototypeOf(this) as object | null;
        proto !== null && proto !== Node.prototype;
        proto = Object.getPrototypeOf(proto) as object | null
      ) {
        const own = Object.getOwnPropertyDescriptor(proto, 'nodeName');
        if (own?.get !== undefined) return own.get.call(this) as string;
      }
      return baseGet.call(this) as string;
    },
  });
}
