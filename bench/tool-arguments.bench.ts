// Custom-tool argument figures: the path one call takes right before dispatch, the
// bounded parse of the raw text (dispatch) followed by the tool's own check against
// its saved input schema (subset gate cached, value bounds, schema validation).
// Argument objects of 1, 32 and 256 KiB, patch-shaped (a long array of small objects)
// and nested (a tree eight objects deep), each valid and with one bad value at the
// far end, so a validator has to walk everything before it finds it.
// Prints median, p90 and allocated heap per row; never fails on time.
import { parseExternalArguments } from '../src/worker/integrations/external-arguments';
import { MAX_ARGUMENT_BYTES, parseToolArguments } from '../src/worker/tools/validate-arguments';
import { closeMeasure, measure, report } from './support/measure';

const PATCH_SCHEMA = {
  type: 'object',
  properties: {
    edits: {
      type: 'array',
      minItems: 1,
      maxItems: 10_000,
      items: {
        type: 'object',
        properties: {
          search: { type: 'string', minLength: 1, maxLength: 100_000 },
          replace: { type: 'string', maxLength: 100_000 },
          unique: { type: 'boolean' },
        },
        required: ['search', 'replace'],
        additionalProperties: false,
      },
    },
  },
  required: ['edits'],
  additionalProperties: false,
};

const NESTED_LEVELS = 8;

function nodeSchema(level: number): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    name: { type: 'string', maxLength: 200 },
    weight: { type: 'number', minimum: 0 },
    kind: { enum: ['section', 'figure', 'table'] },
  };
  if (level < NESTED_LEVELS)
    properties['children'] = { type: 'array', maxItems: 1_000, items: nodeSchema(level + 1) };
  return { type: 'object', properties, required: ['name', 'weight'], additionalProperties: false };
}
const NESTED_SCHEMA = nodeSchema(1);

function patchArguments(bytes: number, isValid: boolean): string {
  const edits: Record<string, unknown>[] = [];
  let size = 12;
  for (let index = 0; size < bytes - 120; index += 1) {
    const edit = {
      search: `#let value-${index} = ${index * 7}`,
      replace: `#let value-${index} = ${index * 7 + 1}`,
      unique: true,
    };
    edits.push(edit);
    size += JSON.stringify(edit).length + 1;
  }
  if (!isValid) (edits[edits.length - 1] as Record<string, unknown>)['unique'] = 'yes';
  return JSON.stringify({ edits });
}

function nestedArguments(bytes: number, isValid: boolean): string {
  // The widest top-level fan-out whose tree stays under the size; every branch goes
  // all eight levels down, forking at the second and third level.
  let fanOut = 1;
  const sizeOf = (width: number) => JSON.stringify(tree(width, 1, { count: 0 })).length;
  while (sizeOf(fanOut + 1) <= bytes) fanOut += 1;
  const root = tree(fanOut, 1, { count: 0 });
  // Pad the root name so every size lands close to its target.
  const text = JSON.stringify(root);
  root['name'] = 'r'.repeat(Math.max(1, Math.min(200, bytes - text.length)));
  if (!isValid) {
    let node = root;
    for (;;) {
      const children = node['children'] as Record<string, unknown>[] | undefined;
      if (!children || children.length === 0) break;
      node = children[children.length - 1] as Record<string, unknown>;
    }
    node['weight'] = 'heavy';
  }
  return JSON.stringify(root);
}

function tree(fanOut: number, level: number, counter: { count: number }): Record<string, unknown> {
  counter.count += 1;
  const node: Record<string, unknown> = {
    name: `node ${counter.count}`,
    weight: counter.count % 97,
    kind: 'section',
  };
  const width = level === 1 ? fanOut : level < 4 ? Math.min(2, fanOut) : 1;
  if (level < NESTED_LEVELS)
    node['children'] = Array.from({ length: width }, () => tree(fanOut, level + 1, counter));
  return node;
}

const SIZES: [number, string][] = [
  [1024, '1 KiB'],
  [32 * 1024, '32 KiB'],
  [MAX_ARGUMENT_BYTES - 64, '256 KiB'],
];

for (const [shape, schema, build] of [
  ['patch-shaped', PATCH_SCHEMA, patchArguments],
  ['nested', NESTED_SCHEMA, nestedArguments],
] as const) {
  for (const [bytes, label] of SIZES) {
    for (const isValid of [true, false]) {
      const text = build(bytes, isValid);
      const run = () => {
        const parsed = parseToolArguments(text);
        if (!parsed.ok) return parsed;
        return parseExternalArguments(parsed.value, schema, false);
      };
      const outcome = run();
      if (outcome.ok !== isValid)
        throw new Error(`${shape} ${label}: expected ${isValid ? 'valid' : 'invalid'}`);
      const verdict = outcome.ok ? 'accepted' : `refused ${outcome.code}`;
      console.log(`arguments ${shape} ${label} size: ${text.length} bytes, ${verdict}`);
      const counts = bytes > 100_000 ? { warmup: 5, runs: 21 } : { warmup: 20, runs: 51 };
      report(
        `arguments ${shape} ${label} ${isValid ? 'valid' : 'invalid'}`,
        await measure(run, counts),
      );
    }
  }
}

// Bad input: arguments nested 10,000 deep, refused by the bounds walk before any
// schema check, as text from the model and as an already parsed object.
{
  const text = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
  const outcome = parseToolArguments(text);
  if (outcome.ok) throw new Error('arguments nested 10,000 deep were accepted');
  console.log(`arguments nested 10,000 deep: ${text.length} bytes, refused ${outcome.code} (info)`);
  report(
    'arguments nested 10,000 deep (text), refused',
    await measure(() => parseToolArguments(text), { warmup: 20, runs: 51 }),
  );
}
closeMeasure();
