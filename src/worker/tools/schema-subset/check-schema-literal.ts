// Bounds the plain JSON values a schema carries (`enum`, `const`, `default`,
// `examples`). The validator compares them structurally and the trust fingerprint
// hashes them, both recursively, so their depth and total size are capped here.
import { pathWithIndex, pathWithKey } from './json-path';
import type { SchemaIssueCollector } from './schema-issues';
import { SCHEMA_MAX_LITERAL_DEPTH, SCHEMA_MAX_LITERAL_VALUES } from './schema-limits';

/** Shared budget across every literal in one schema. */
export interface LiteralBudget {
  remaining: number;
}

/** A fresh budget for one schema. */
export function createLiteralBudget(): LiteralBudget {
  return { remaining: SCHEMA_MAX_LITERAL_VALUES };
}

function isScalar(value: unknown): boolean {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Check that `value` is plain JSON (finite numbers, plain objects and arrays) within
 * the depth and shared size budget. Walks with an explicit stack so hostile nesting
 * cannot overflow the call stack. Reports at most one issue per literal.
 */
export function checkSchemaLiteral(
  value: unknown,
  path: string,
  budget: LiteralBudget,
  issues: SchemaIssueCollector,
): boolean {
  // Most literals are a scalar or a flat list of scalars (an enum): counted without
  // the walk's per-value bookkeeping.
  if (isScalar(value) || (Array.isArray(value) && value.every(isScalar))) {
    budget.remaining -= Array.isArray(value) ? value.length + 1 : 1;
    if (budget.remaining >= 0) return true;
    issues.add(
      'SCHEMA_TOO_COMPLEX',
      path,
      `Schema literals hold more than ${SCHEMA_MAX_LITERAL_VALUES} values.`,
    );
    return false;
  }
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path, depth: 0 }];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === undefined) break;
    budget.remaining -= 1;
    if (budget.remaining < 0) {
      issues.add(
        'SCHEMA_TOO_COMPLEX',
        path,
        `Schema literals hold more than ${SCHEMA_MAX_LITERAL_VALUES} values.`,
      );
      return false;
    }
    if (current.depth > SCHEMA_MAX_LITERAL_DEPTH) {
      issues.add(
        'SCHEMA_TOO_COMPLEX',
        current.path,
        `Literal is nested deeper than ${SCHEMA_MAX_LITERAL_DEPTH} levels.`,
      );
      return false;
    }
    const item = current.value;
    if (item === null || typeof item === 'string' || typeof item === 'boolean') continue;
    if (typeof item === 'number' && Number.isFinite(item)) continue;
    if (typeof item === 'object' && Array.isArray(item)) {
      item.forEach((element: unknown, index) =>
        stack.push({
          value: element,
          path: pathWithIndex(current.path, index),
          depth: current.depth + 1,
        }),
      );
      continue;
    }
    if (typeof item === 'object' && isPlainObject(item)) {
      for (const [key, element] of Object.entries(item)) {
        stack.push({
          value: element,
          path: pathWithKey(current.path, key),
          depth: current.depth + 1,
        });
      }
      continue;
    }
    issues.add('INVALID_SCHEMA', current.path, 'Literal is not a JSON value.');
    return false;
  }
  return true;
}
