// The page methods of the accessibility tree: one frame's observation, refs and the
// frame links that stitch frames into one tree. Answered by ../isolated/tree.
import type { MethodSpec } from '../../../shared/protocol/define-channel';

export const treeMethods = {} satisfies Record<string, MethodSpec>;
