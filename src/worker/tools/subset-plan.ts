// ## Owns
// Compiling a gated schema, as @cfworker/json-schema receives it, into the plan
// `runSubsetPlan` validates against; once per schema, like the library's validator.
// ## Never
// Compiles a schema the port cannot judge exactly as the library would: any keyword
// the library reads that is not ported, a non-string type, a pattern that does not
// compile under the `u` flag. Those get no plan, and the library validates.

/** One compiled schema node with everything the walk reads precomputed. */
export interface PlanNode {
  readonly type: string | undefined;
  readonly hasConst: boolean;
  readonly constValue: unknown;
  readonly constMessage: string;
  readonly enumValues: readonly unknown[] | undefined;
  readonly enumMessage: string;
  readonly anyOf: readonly Plan[] | undefined;
  readonly allOf: readonly Plan[] | undefined;
  readonly oneOf: readonly Plan[] | undefined;
  readonly required: readonly string[] | undefined;
  readonly properties: readonly (readonly [string, Plan])[] | undefined;
  readonly propertyNames: ReadonlySet<string>;
  readonly additional: Plan | undefined;
  readonly items: Plan | undefined;
  readonly minItems: number | undefined;
  readonly maxItems: number | undefined;
  readonly minimum: number | undefined;
  readonly maximum: number | undefined;
  readonly minLength: number | undefined;
  readonly maxLength: number | undefined;
  readonly pattern: RegExp | undefined;
}

/** A compiled schema node; booleans are the `true` and `false` schemas. */
export type Plan = boolean | PlanNode;

// The port covers type, const, enum, anyOf, allOf, oneOf, required, properties,
// additionalProperties, items, minItems, maxItems, minimum, maximum, minLength,
// maxLength and pattern. These are the other keywords the library reads or resolves;
// any of them declines the plan.
const NOT_PORTED = new Set([
  '$ref',
  '$recursiveRef',
  '$recursiveAnchor',
  '$id',
  '$anchor',
  '$defs',
  'definitions',
  'not',
  'if',
  'then',
  'else',
  'format',
  'patternProperties',
  'unevaluatedProperties',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  'uniqueItems',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  '__absolute_ref__',
  '__absolute_recursive_ref__',
]);

const TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

/** Thrown while compiling or walking when the library must decide after all. */
export class Declined extends Error {}

const optionalNumber = (value: unknown): number | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'number') throw new Declined();
  return value;
};

function planList(value: unknown): Plan[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new Declined();
  return value.map(compileNode);
}

function compileNode(schema: unknown): Plan {
  if (typeof schema === 'boolean') return schema;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new Declined();
  const node = schema as Record<string, unknown>;
  for (const keyword of Object.keys(node)) if (NOT_PORTED.has(keyword)) throw new Declined();
  const { type, required, properties, items, additionalProperties, pattern } = node;
  if (type !== undefined && (typeof type !== 'string' || !TYPES.has(type))) throw new Declined();
  if (
    required !== undefined &&
    (!Array.isArray(required) || required.some((key) => typeof key !== 'string'))
  )
    throw new Declined();
  if (node['enum'] !== undefined && !Array.isArray(node['enum'])) throw new Declined();
  if (properties !== undefined && (typeof properties !== 'object' || properties === null))
    throw new Declined();
  if (Array.isArray(items) || (pattern !== undefined && typeof pattern !== 'string'))
    throw new Declined();
  const entries = Object.entries((properties ?? {}) as Record<string, unknown>).map(
    ([key, child]) => [key, compileNode(child)] as const,
  );
  let regex: RegExp | undefined;
  try {
    regex = pattern === undefined ? undefined : new RegExp(pattern, 'u');
  } catch {
    throw new Declined();
  }
  return {
    type,
    hasConst: node['const'] !== undefined,
    constValue: node['const'],
    constMessage: `Instance does not match ${JSON.stringify(node['const'])}.`,
    enumValues: node['enum'] as unknown[] | undefined,
    enumMessage: `Instance does not match any of ${JSON.stringify(node['enum'])}.`,
    anyOf: planList(node['anyOf']),
    allOf: planList(node['allOf']),
    oneOf: planList(node['oneOf']),
    required: required as string[] | undefined,
    properties: properties === undefined ? undefined : entries,
    propertyNames: new Set(entries.map(([key]) => key)),
    additional: additionalProperties === undefined ? undefined : compileNode(additionalProperties),
    items: items === undefined ? undefined : compileNode(items),
    minItems: optionalNumber(node['minItems']),
    maxItems: optionalNumber(node['maxItems']),
    minimum: optionalNumber(node['minimum']),
    maximum: optionalNumber(node['maximum']),
    minLength: optionalNumber(node['minLength']),
    maxLength: optionalNumber(node['maxLength']),
    pattern: regex,
  };
}

/**
 * The plan for a schema as the library receives it (the validation keywords copied
 * by `copyForValidator`), or undefined when the library must validate against it.
 */
export function compileSubsetPlan(schema: unknown): Plan | undefined {
  try {
    return compileNode(schema);
  } catch (error) {
    if (error instanceof Declined) return undefined;
    throw error;
  }
}
