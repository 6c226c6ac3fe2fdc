// ## Owns
// The one decision whether a text may become a memory record, and the cleaning of
// stored or imported records: malformed ones, ones carrying a secret or markup, pasted
// content (attachment bodies), ones that describe a page instead of the person, and repeats (by normalised text) are
// dropped, each with a reason.
// ## Why page facts are refused
// Memory travels into every later run. A fact read from a page ("this page says the
// price is 20 €") is untrusted page text; stored as memory it would reach other
// sites as if the person had said it.
import {
  MemoryRecordSchema,
  MAX_MEMORY_RECORDS,
  MAX_MEMORY_TEXT,
  type MemoryRecord,
} from '../../shared/protocol/memory-messages';
import { findSecrets, SECRET_KIND_WORDS } from '../../shared/secrets/secret-text';

/** Why a text cannot be remembered, in plain words, or null when it can. */
export function refusalOf(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'There is nothing to remember.';
  if (trimmed.length > MAX_MEMORY_TEXT)
    return `That is too long to remember (at most ${MAX_MEMORY_TEXT} characters).`;
  const secret = findSecrets(trimmed)[0];
  if (secret)
    return `That looks like it contains ${SECRET_KIND_WORDS[secret.kind]}, so it was not remembered. Memory is sent to the model with every message; keep secrets out of it.`;
  if (
    /<\s*\/?\s*(?:script|iframe|object|embed|style|svg|img|a)\b|javascript:|\bon[a-z]+\s*=/i.test(
      trimmed,
    )
  )
    return 'That contains markup or script, so it was not remembered.';
  if (/```|(?:\n[^\n]*){3,}/.test(trimmed))
    return 'That looks like pasted content (several lines or code), so it was not remembered. Say it in one short note about you.';
  if (isPageFact(trimmed))
    return 'That describes a web page rather than you, so it was not remembered. Memory keeps your preferences and how you like to work.';
  return null;
}

// Phrases that point at what a page shows rather than at the person.
const PAGE_FACT =
  /\b(?:this|the|that) (?:page|site|website|article|post|tab)\b|\baccording to\b|\bthe (?:page|site) (?:says|shows|lists)\b|https?:\/\/|\bwww\./i;

/** True when the text is about a page's content (or points at one) rather than the person. */
export function isPageFact(text: string): boolean {
  return PAGE_FACT.test(text);
}

/** The text two records are compared by: case, spacing and end punctuation ignored. */
export function normalizedText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.!?;,]+$/u, '')
    .trim();
}

/** The key duplicates share: the same normalised text in the same scope. */
export const duplicateKey = (record: Pick<MemoryRecord, 'text' | 'scope'>): string =>
  `${record.scope}\u0000${normalizedText(record.text)}`;

/** The outcome of cleaning a list of records. */
export interface NormalizedRecords {
  readonly records: MemoryRecord[];
  readonly dropped: number;
  /** One plain sentence per dropped record (bounded). */
  readonly reasons: string[];
}

const MAX_REASONS = 20;

/**
 * Keeps the records that are well formed, safe and new. `existing` are records
 * already kept: a candidate repeating one of them is a duplicate. Stops at the
 * record limit.
 */
export function normalizeRecords(
  candidates: readonly unknown[],
  existing: readonly MemoryRecord[] = [],
): NormalizedRecords {
  const seenKeys = new Set(existing.map(duplicateKey));
  const seenIds = new Set(existing.map((record) => record.id));
  const records: MemoryRecord[] = [];
  const reasons: string[] = [];
  let dropped = 0;
  const drop = (position: number, why: string) => {
    dropped += 1;
    if (reasons.length < MAX_REASONS) reasons.push(`Record ${position + 1}: ${why}`);
  };
  candidates.forEach((candidate, index) => {
    const parsed = MemoryRecordSchema.safeParse(candidate);
    if (!parsed.success) return drop(index, 'it is not a valid memory record.');
    const record = parsed.data;
    const refusal = refusalOf(record.text);
    if (refusal) return drop(index, refusal);
    const key = duplicateKey(record);
    if (seenKeys.has(key)) return drop(index, 'the same text is already remembered.');
    if (seenIds.has(record.id)) return drop(index, 'its id is already used.');
    if (existing.length + records.length >= MAX_MEMORY_RECORDS)
      return drop(index, `memory holds at most ${MAX_MEMORY_RECORDS} records.`);
    seenKeys.add(key);
    seenIds.add(record.id);
    records.push(record);
  });
  return { records, dropped, reasons };
}
