// ## Owns
// Turning validation errors, from the ported fast path or from
// @cfworker/json-schema, into the ARGUMENTS_INVALID refusal a model reads: up to 8
// issues, each with a JSON path, the keyword and a message.
import type { OutputUnit, Validator } from '@cfworker/json-schema';
import { ROOT_PATH, pathWithIndex, pathWithKey } from './schema-subset';
import type { SubsetUnit } from './subset-validator';
import type { ArgumentsFailure } from './validate-arguments-parse';

/** One reason the arguments do not match the schema. */
export interface ArgumentIssue {
  /** Where in the arguments, e.g. `$.tags[2]`. */
  path: string;
  /** The schema keyword that failed, e.g. `maxLength`. */
  keyword: string;
  message: string;
}

/** Issues reported per call; enough for a model to correct itself. */
export const MAX_ARGUMENT_ISSUES = 8;

// Reported by a more specific issue right after them.
const WRAPPER_KEYWORDS = new Set(['properties', 'items', 'additionalProperties', 'allOf']);

/** Convert the validator's `#/a/0` location into `$.a[0]`, using the value to tell indices from keys. */
function toArgumentPath(pointer: string, root: unknown): string {
  let path = ROOT_PATH;
  let current: unknown = root;
  const segments = pointer === '#' ? [] : pointer.slice(2).split('/');
  for (const encoded of segments) {
    // The library encodes segments with encodeURI and '#' as %23 (pointer.js).
    const key = encoded
      .split('%23')
      .map((part) => decodeURI(part))
      .join('#')
      .replace(/~1/g, '/')
      .replace(/~0/g, '~');
    if (Array.isArray(current)) {
      path = pathWithIndex(path, Number(key));
      current = current[Number(key)];
    } else {
      path = pathWithKey(path, key);
      current =
        typeof current === 'object' && current !== null
          ? (current as Record<string, unknown>)[key]
          : undefined;
    }
  }
  return path;
}

/**
 * The library's errors for `value` with our paths; undefined when it throws. The
 * reference for the ported fast path, and the path for whatever it declines.
 */
export function unitsFromLibrary(value: unknown, validator: Validator): SubsetUnit[] | undefined {
  let units: OutputUnit[];
  try {
    units = validator.validate(value).errors;
  } catch {
    return undefined;
  }
  return units.map((unit) => ({
    path: toArgumentPath(unit.instanceLocation, value),
    keyword: unit.keyword,
    error: unit.error,
  }));
}

function toIssue(unit: SubsetUnit, previous: SubsetUnit | undefined): ArgumentIssue {
  const path = unit.path;
  if (unit.keyword === 'false') {
    // The library reports a `false` schema with the instance location as its
    // keyword location, so the wrapper just before it says where it came from.
    const isExtraProperty = previous?.keyword === 'additionalProperties';
    return {
      path,
      keyword: isExtraProperty ? 'additionalProperties' : 'false',
      message: isExtraProperty ? 'Property is not allowed.' : 'No value is allowed here.',
    };
  }
  return { path, keyword: unit.keyword, message: unit.error };
}

/** The refusal for non-empty `units`: the specific issues first, at most 8. */
export function refusalFromUnits(units: readonly SubsetUnit[]): ArgumentsFailure {
  const issues = units.map((unit, index) => ({
    unit,
    issue: toIssue(unit, units[index - 1]),
  }));
  const specific = issues.filter(({ unit }) => !WRAPPER_KEYWORDS.has(unit.keyword));
  const errors = (specific.length > 0 ? specific : issues)
    .slice(0, MAX_ARGUMENT_ISSUES)
    .map(({ issue }) => issue);
  const [first] = errors;
  const summary =
    first === undefined
      ? 'Tool arguments do not match the schema.'
      : `${first.message} At ${first.path}.`;
  return { ok: false, code: 'ARGUMENTS_INVALID', message: summary, details: { errors } };
}
