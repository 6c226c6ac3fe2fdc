// Bounded schema primitives. Every string and array that crosses a context is
// capped, so a hostile page or provider cannot make a validator or a handler
// allocate without limit.
import { z } from './zod';

/** Longest string any protocol field may carry unless it declares its own bound. */
export const DEFAULT_MAX_STRING = 4_096;

/** A string of at most `max` UTF-16 code units. */
export const boundedString = (max: number = DEFAULT_MAX_STRING) => z.string().max(max);

/** A non-empty string of at most `max` code units. */
export const nonEmptyString = (max: number = DEFAULT_MAX_STRING) => z.string().min(1).max(max);

/** An array of at most `max` items. */
export const boundedArray = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max);

/** Identifiers: request ids, run ids, nonces. Printable ASCII, no spaces. */
export const IdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._:-]+$/);
export type Id = z.infer<typeof IdSchema>;

/** A browser tab id (Chromium and Firefox both use non-negative integers). */
export const TabIdSchema = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);

/** Epoch milliseconds. */
export const TimestampSchema = z.number().int().min(0).max(8.64e15);
