/** A random identifier for a request, run or nonce. */
export function createId(): string {
  return crypto.randomUUID();
}
