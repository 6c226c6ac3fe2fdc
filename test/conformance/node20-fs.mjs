// Node 20 lacks fs.globSync, which the conformance CLI imports (it needs it only
// for commands we do not run). This module is node:fs plus a globSync that says so.
import fs from 'node:fs';

export * from 'node:fs';
export default fs;
export function globSync() {
  throw new Error('fs.globSync needs Node 22; the conformance client commands do not use it.');
}
