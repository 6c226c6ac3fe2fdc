// ## Owns
// The stored shapes of a structured result: the format the person asked for with
// /json (kept on their message) and the data an answer returned in it (kept on the
// answer). Both are JSON text with a bound, so a stored chat stays small and a
// format can only ever come from the person's own message.
import { z } from '../schema/zod';
import { boundedString } from '../schema/bounded';

/** Characters of a JSON Schema a message may ask for (what the person types is smaller). */
export const MAX_RESULT_SCHEMA_CHARS = 8_000;
/** Characters of the JSON an answer may return and keep. */
export const MAX_RESULT_JSON_CHARS = 100_000;

/** The format the person asked for: a short label for chips and the JSON Schema's text. */
export const ResultFormatSchema = z.strictObject({
  label: boundedString(300),
  schema: boundedString(MAX_RESULT_SCHEMA_CHARS),
});
export type ResultFormat = z.infer<typeof ResultFormatSchema>;

/** The data an answer returned in the format its message asked for, as JSON text. */
export const StructuredResultSchema = z.strictObject({
  json: boundedString(MAX_RESULT_JSON_CHARS),
});
export type StructuredResult = z.infer<typeof StructuredResultSchema>;
