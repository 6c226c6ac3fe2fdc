// ## Owns
// Validating tool arguments against a compiled subset plan, with the result
// @cfworker/json-schema would give: the same errors, keywords, messages and
// locations, in the same order (its shortCircuit=false mode, which we use).
// ## Why
// The library builds a JSON pointer (two regex replaces and an encodeURI) for every
// value it visits and destructures some fifty keywords per schema node, valid or
// not; on a 256 KiB argument object that is most of the cost of a tool call's
// checks. The gate lets through a small keyword subset whose rules are short, so
// they are ported here, run against a plan compiled once per schema, and locations
// are built only for errors.
// ## Never
// Guesses. A value the library would reject by throwing (a key with a surrogate,
// which its encodeURI cannot encode; a value that is not JSON) makes the walk
// decline, and the caller runs the library itself. The tests run both on generated
// schemas and values and require identical results.
// @see https://github.com/cfworker/cfworker/blob/main/packages/json-schema/src/validate.ts
import { deepCompareStrict, ucs2length } from '@cfworker/json-schema';
import { ROOT_PATH, pathWithIndex, pathWithKey } from './schema-subset';
import { Declined, type Plan, type PlanNode } from './subset-plan';

/** One error as the library reports it, with our path instead of its pointer. */
export interface SubsetUnit {
  readonly path: string;
  readonly keyword: string;
  readonly error: string;
}

const SURROGATE = /[\ud800-\udfff]/;

/** The walk's state: errors so far and the location of the current value. */
class Walk {
  readonly units: SubsetUnit[] = [];
  private readonly segments: (string | number)[] = [];

  enter(segment: string | number): void {
    this.segments.push(segment);
  }

  leave(): void {
    this.segments.pop();
  }

  unit(keyword: string, error: string): SubsetUnit {
    let path = ROOT_PATH;
    for (const segment of this.segments)
      path =
        typeof segment === 'number' ? pathWithIndex(path, segment) : pathWithKey(path, segment);
    return { path, keyword, error };
  }

  add(keyword: string, error: string): void {
    this.units.push(this.unit(keyword, error));
  }
}

function typeOf(value: unknown): string {
  switch (typeof value) {
    case 'boolean':
    case 'number':
    case 'string':
      return typeof value;
    case 'object':
      return value === null ? 'null' : Array.isArray(value) ? 'array' : 'object';
    default:
      // The library throws on values JSON cannot hold.
      throw new Declined();
  }
}

function checkType(value: unknown, instanceType: string, node: PlanNode, walk: Walk): void {
  const expected = node.type;
  if (expected === undefined) return;
  const isValid =
    expected === 'integer'
      ? instanceType === 'number' && (value as number) % 1 === 0
      : instanceType === expected;
  if (!isValid)
    walk.add('type', `Instance type "${instanceType}" is invalid. Expected "${expected}".`);
}

function checkLiterals(value: unknown, instanceType: string, node: PlanNode, walk: Walk): void {
  const isStructured = instanceType === 'object' || instanceType === 'array';
  if (node.hasConst) {
    const matches = isStructured
      ? deepCompareStrict(value, node.constValue)
      : value === node.constValue;
    if (!matches) walk.add('const', node.constMessage);
  }
  if (node.enumValues !== undefined) {
    const matches = isStructured
      ? node.enumValues.some((candidate) => deepCompareStrict(value, candidate))
      : node.enumValues.some((candidate) => value === candidate);
    if (!matches) walk.add('enum', node.enumMessage);
  }
}

/** Runs the branches of one composition; returns how many matched. */
function runBranches(value: unknown, branches: readonly Plan[], walk: Walk): number {
  let matches = 0;
  for (const branch of branches) {
    const before = walk.units.length;
    visit(value, branch, walk);
    if (walk.units.length === before) matches += 1;
  }
  return matches;
}

function checkCompositions(value: unknown, node: PlanNode, walk: Walk): void {
  const compositions: [readonly Plan[] | undefined, string, (matches: number) => string | null][] =
    [
      [node.anyOf, 'anyOf', (m) => (m > 0 ? null : 'Instance does not match any subschemas.')],
      [
        node.allOf,
        'allOf',
        (m) => (m === node.allOf?.length ? null : 'Instance does not match every subschema.'),
      ],
      [
        node.oneOf,
        'oneOf',
        (m) => (m === 1 ? null : `Instance does not match exactly one subschema (${m} matches).`),
      ],
    ];
  for (const [branches, keyword, verdict] of compositions) {
    if (branches === undefined) continue;
    const start = walk.units.length;
    const error = verdict(runBranches(value, branches, walk));
    // A passing composition drops its branches' errors; a failing one is reported
    // before them, as the library splices its unit in.
    if (error === null) walk.units.length = start;
    else walk.units.splice(start, 0, walk.unit(keyword, error));
  }
}

/** Validates `value` at a child location; a failure is reported behind `wrapper` first. */
function visitChild(
  value: unknown,
  plan: Plan,
  segment: string | number,
  walk: Walk,
  wrapper: readonly [string, string],
): void {
  const start = walk.units.length;
  walk.enter(segment);
  visit(value, plan, walk);
  walk.leave();
  if (walk.units.length > start) walk.units.splice(start, 0, walk.unit(wrapper[0], wrapper[1]));
}

function checkObject(value: Record<string, unknown>, node: PlanNode, walk: Walk): void {
  for (const key of node.required ?? [])
    if (!Object.prototype.hasOwnProperty.call(value, key))
      walk.add('required', `Instance does not have required property "${key}".`);
  for (const [key, child] of node.properties ?? []) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    if (SURROGATE.test(key)) throw new Declined();
    visitChild(value[key], child, key, walk, [
      'properties',
      `Property "${key}" does not match schema.`,
    ]);
  }
  const additional = node.additional;
  if (additional === undefined) return;
  for (const key in value) {
    if (node.propertyNames.has(key)) continue;
    if (SURROGATE.test(key)) throw new Declined();
    visitChild(value[key], additional, key, walk, [
      'additionalProperties',
      `Property "${key}" does not match additional properties schema.`,
    ]);
  }
}

function checkArray(value: readonly unknown[], node: PlanNode, walk: Walk): void {
  const length = value.length;
  if (node.maxItems !== undefined && length > node.maxItems)
    walk.add('maxItems', `Array has too many items (${length} > ${node.maxItems}).`);
  if (node.minItems !== undefined && length < node.minItems)
    walk.add('minItems', `Array has too few items (${length} < ${node.minItems}).`);
  const items = node.items;
  if (items === undefined) return;
  for (let index = 0; index < length; index += 1)
    visitChild(value[index], items, index, walk, ['items', 'Items did not match schema.']);
}

function checkNumber(value: number, node: PlanNode, walk: Walk): void {
  if (node.minimum !== undefined && value < node.minimum)
    walk.add('minimum', `${value} is less than ${node.minimum}.`);
  if (node.maximum !== undefined && value > node.maximum)
    walk.add('maximum', `${value} is greater than ${node.maximum}.`);
}

function checkString(value: string, node: PlanNode, walk: Walk): void {
  if (node.minLength !== undefined || node.maxLength !== undefined) {
    const length = ucs2length(value);
    if (node.minLength !== undefined && length < node.minLength)
      walk.add('minLength', `String is too short (${length} < ${node.minLength}).`);
    if (node.maxLength !== undefined && length > node.maxLength)
      walk.add('maxLength', `String is too long (${length} > ${node.maxLength}).`);
  }
  if (node.pattern !== undefined && !node.pattern.test(value))
    walk.add('pattern', 'String does not match pattern.');
}

// The library's order: type, const, enum, compositions, then the keywords of the
// value's own type.
function visit(value: unknown, plan: Plan, walk: Walk): void {
  if (plan === true) return;
  if (plan === false) {
    walk.add('false', 'False boolean schema.');
    return;
  }
  const instanceType = typeOf(value);
  checkType(value, instanceType, plan, walk);
  checkLiterals(value, instanceType, plan, walk);
  checkCompositions(value, plan, walk);
  if (instanceType === 'object') checkObject(value as Record<string, unknown>, plan, walk);
  else if (instanceType === 'array') checkArray(value as unknown[], plan, walk);
  else if (instanceType === 'number') checkNumber(value as number, plan, walk);
  else if (instanceType === 'string') checkString(value as string, plan, walk);
}

/**
 * The library's errors for `value` against `plan` (empty when valid), or undefined
 * when only the library can tell.
 */
export function runSubsetPlan(value: unknown, plan: Plan): SubsetUnit[] | undefined {
  const walk = new Walk();
  try {
    visit(value, plan, walk);
  } catch (error) {
    if (error instanceof Declined) return undefined;
    throw error;
  }
  return walk.units;
}
