// The page methods of the read tools other than the tree (page text, extracted data,
// text search, selection, window facts, stability). Answered by ../isolated/read.
import type { MethodSpec } from '../../../shared/protocol/define-channel';

export const readMethods = {} satisfies Record<string, MethodSpec>;
