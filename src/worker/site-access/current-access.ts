// ## Owns
// The worker's site-access facts for code made before the site-access service exists
// (a site's worker part is built when its module loads). main.ts provides the
// service's own reader once; until then, and where nobody provided one, there are no
// facts and callers refuse. Decisions stay with `mayBridgeRun`.
import type { AccessFacts } from './bridge-access';

let reader: (() => Promise<AccessFacts>) | null = null;

/** Called once by main.ts with the site-access service's reader. */
export function provideAccessFacts(read: () => Promise<AccessFacts>): void {
  reader = read;
}

/** The facts site access decides with now, or null where none were provided. */
export async function currentAccessFacts(): Promise<AccessFacts | null> {
  return reader ? reader() : null;
}
