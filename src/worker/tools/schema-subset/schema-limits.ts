// Bounds of the JSON-Schema subset. They keep both the gate
// and the validator's work proportional to what a person could write by hand, so a
// hostile MCP server cannot make discovery or dispatch slow.

/** Deepest schema node, counting the root as depth 0. */
export const SCHEMA_MAX_DEPTH = 20;
/** Schema nodes (objects and booleans) in one schema, the root included. */
export const SCHEMA_MAX_NODES = 500;
/** Entries in one `enum`. */
export const SCHEMA_MAX_ENUM = 1_000;
/** Branches in one `allOf`, `anyOf` or `oneOf`. */
export const SCHEMA_MAX_BRANCHES = 20;
/** Names in one `required`; more than the node budget could ever declare. */
export const SCHEMA_MAX_REQUIRED = SCHEMA_MAX_NODES;
/**
 * JSON values inside `enum`, `const`, `default` and `examples` across the schema,
 * and their nesting depth: literals are compared and hashed recursively.
 */
export const SCHEMA_MAX_LITERAL_VALUES = 10_000;
export const SCHEMA_MAX_LITERAL_DEPTH = 20;
/** Errors reported per schema; the first ones are enough to fix a hand-written one. */
export const SCHEMA_MAX_ERRORS = 8;
/** Longest `pattern` source. */
export const PATTERN_MAX_LENGTH = 256;
/** Largest `{n,m}` bound in a pattern. */
export const PATTERN_MAX_QUANTIFIER_BOUND = 10_000;
