// The JSON Schema the model sees for a built-in tool, generated from its zod schema
// so the two cannot drift. zod's `$schema` marker is dropped: the subset gate
// (src/worker/tools/schema-subset) accepts annotation keywords only.
import { z } from '../../../shared/schema/zod';

/** An object-root JSON Schema for `schema` (zod 4 `toJSONSchema`, input side). */
export function modelSchema(schema: z.ZodType): Readonly<Record<string, unknown>> {
  const generated = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }) as Record<string, unknown>;
  const { $schema: _ignored, ...rest } = generated;
  return Object.freeze(rest);
}
