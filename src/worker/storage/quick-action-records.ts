// The person's quick actions as stored: read one by one, so a single damaged or
// hand-edited action is dropped (and reported) while the others survive, and a
// profile saved before quick actions existed simply has none.
import {
  CustomQuickActionSchema,
  MAX_CUSTOM_QUICK_ACTIONS,
  type CustomQuickAction,
} from '../../shared/protocol/quick-actions';

export function normalizeQuickActions(
  raw: unknown,
  report: (problem: string) => void,
): CustomQuickAction[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    report('Saved quick actions were unreadable and were reset.');
    return [];
  }
  const kept: CustomQuickAction[] = [];
  const ids = new Set<string>();
  for (const item of raw) {
    const parsed = CustomQuickActionSchema.safeParse(item);
    if (!parsed.success || ids.has(parsed.data.id)) {
      report('A saved quick action was invalid and was skipped.');
      continue;
    }
    if (kept.length === MAX_CUSTOM_QUICK_ACTIONS) {
      report(`Only the first ${MAX_CUSTOM_QUICK_ACTIONS} quick actions were kept.`);
      break;
    }
    ids.add(parsed.data.id);
    kept.push(parsed.data);
  }
  return kept;
}
