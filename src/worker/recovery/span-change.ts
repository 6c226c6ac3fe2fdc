// The single change that turns one text into another after trimming their common
// prefix and suffix. A restore (or a revert without a change record) sends this
// instead of replacing the whole document, so unchanged text around the edit keeps its
// cursor positions and collaborators' view. O(n), no diff needed.
import type { TextChange } from '../../shared/text/text-change';

/** One change from `current` to `target`, or none when they are equal. */
export function spanChange(current: string, target: string): TextChange[] {
  if (current === target) return [];
  const limit = Math.min(current.length, target.length);
  let prefix = 0;
  while (prefix < limit && current.charCodeAt(prefix) === target.charCodeAt(prefix)) prefix += 1;
  let suffix = 0;
  while (
    suffix < limit - prefix &&
    current.charCodeAt(current.length - 1 - suffix) ===
      target.charCodeAt(target.length - 1 - suffix)
  )
    suffix += 1;
  // Never split a surrogate pair: CodeMirror would then hold a lone surrogate mid-edit.
  if (prefix > 0 && /[\uD800-\uDBFF]/.test(current.charAt(prefix - 1))) prefix -= 1;
  if (suffix > 0 && /[\uDC00-\uDFFF]/.test(current.charAt(current.length - suffix))) suffix -= 1;
  return [
    {
      from: prefix,
      to: current.length - suffix,
      insert: target.slice(prefix, target.length - suffix),
    },
  ];
}
