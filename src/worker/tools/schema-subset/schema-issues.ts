// Collects gate refusals up to the reporting limit. The walker stops once the
// collector is full, so a schema with ten thousand bad keywords costs no more than
// one with eight.
import type { ErrorCode } from '../../../shared/protocol/error-codes';
import { SCHEMA_MAX_ERRORS } from './schema-limits';

/** The codes the subset gate can raise. */
export type SchemaIssueCode = Extract<
  ErrorCode,
  | 'INVALID_SCHEMA'
  | 'UNSUPPORTED_SCHEMA_KEYWORD'
  | 'SCHEMA_TOO_COMPLEX'
  | 'SCHEMA_PATTERN'
  | 'SCHEMA_PATTERN_UNSAFE'
  | 'INVALID_MCP_HEADER'
  | 'DUPLICATE_MCP_HEADER'
>;

/** One refusal: what is wrong and the JSON path of the offending keyword. */
export interface SchemaIssue {
  code: SchemaIssueCode;
  path: string;
  message: string;
}

/** Accumulates issues; `isFull` tells the walker to stop. */
export class SchemaIssueCollector {
  readonly issues: SchemaIssue[] = [];
  /** Set when the list was full and checking stopped before the end. */
  hasMore = false;

  add(code: SchemaIssueCode, path: string, message: string): void {
    if (this.issues.length >= SCHEMA_MAX_ERRORS) {
      this.hasMore = true;
      return;
    }
    this.issues.push({ code, path, message });
  }

  get isFull(): boolean {
    return this.issues.length >= SCHEMA_MAX_ERRORS;
  }
}
