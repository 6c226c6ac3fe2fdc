// Activity lines of the page actions: the element's own name as the page gave it
// ("Clicked 'Add to cart'"), or its ref when the action did not get that far. The
// name is page text: it only ever reaches the panel's activity row, shown as text.
import { quoted, type ToolOutcome } from '../../../../worker/tools/define-tool';

/** The element an action reached, by its accessible name when the result says it. */
export function elementOf(ref: string, outcome: ToolOutcome | undefined): string {
  const name = outcome?.ok === true ? targetName(outcome.result) : null;
  return name === null ? ref : quoted(name);
}

/** The quoted name at the end of the target ("button#buy \"Add to cart\""), if any. */
function targetName(result: unknown): string | null {
  if (result === null || typeof result !== 'object') return null;
  const untrusted = (result as { untrusted_page_content?: { content?: { target?: unknown } } })
    .untrusted_page_content;
  const target = untrusted?.content?.target;
  if (typeof target !== 'string') return null;
  const match = /"(.+)"$/s.exec(target);
  return match?.[1]?.trim() ? match[1] : null;
}
