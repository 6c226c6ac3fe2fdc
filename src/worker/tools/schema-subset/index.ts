// The bounded JSON-Schema subset gate. Callers import from here.
export {
  checkSchemaSubset,
  type SchemaSubsetCheck,
  type SchemaSubsetOptions,
} from './check-schema-subset';
export { checkSchemaPattern, type PatternCheck } from './check-schema-pattern';
export type { McpHeaderBinding } from './check-mcp-header';
export type { SchemaIssue, SchemaIssueCode } from './schema-issues';
export { ROOT_PATH, pathWithIndex, pathWithKey } from './json-path';
export {
  PATTERN_MAX_LENGTH,
  PATTERN_MAX_QUANTIFIER_BOUND,
  SCHEMA_MAX_BRANCHES,
  SCHEMA_MAX_DEPTH,
  SCHEMA_MAX_ENUM,
  SCHEMA_MAX_ERRORS,
  SCHEMA_MAX_LITERAL_DEPTH,
  SCHEMA_MAX_LITERAL_VALUES,
  SCHEMA_MAX_NODES,
  SCHEMA_MAX_REQUIRED,
} from './schema-limits';
