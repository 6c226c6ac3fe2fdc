// Execution order of one assistant turn's tool calls (study RUN-09). The model numbers
// the lines of every `replace_lines` call against the document it read, so applying a
// contiguous group bottom-to-top keeps every later range valid. Anything else keeps
// the provider's order: other tools are barriers, and a group with an invalid or
// overlapping range is left alone because no order would make it mean one thing.
import { ReplaceLinesArgumentsSchema } from './edit-tool-schemas';

/** The parts of a tool call the planner looks at. */
export interface PlannedToolCall {
  readonly name: string;
  /** Parsed JSON arguments, not yet validated. */
  readonly arguments: unknown;
}

interface LineRange {
  readonly position: number;
  readonly start: number;
  readonly end: number;
}

function lineRangeOf(call: PlannedToolCall, position: number): LineRange | undefined {
  const parsed = ReplaceLinesArgumentsSchema.safeParse(call.arguments);
  if (!parsed.success || parsed.data.end_line < parsed.data.start_line) return undefined;
  return { position, start: parsed.data.start_line, end: parsed.data.end_line };
}

function orderGroup(group: readonly number[], calls: readonly PlannedToolCall[]): number[] {
  const ranges: LineRange[] = [];
  for (const position of group) {
    const range = lineRangeOf(calls[position] as PlannedToolCall, position);
    if (range === undefined) return [...group];
    ranges.push(range);
  }
  // Stable sort: equal starts keep provider order (they overlap, so this is moot).
  const bottomUp = [...ranges].sort((left, right) => right.start - left.start);
  for (let at = 1; at < bottomUp.length; at += 1) {
    const lower = bottomUp[at - 1] as LineRange;
    const upper = bottomUp[at] as LineRange;
    if (upper.end >= lower.start) return [...group];
  }
  return bottomUp.map((range) => range.position);
}

/**
 * Indexes of `calls` in the order they should run: provider order, except each
 * contiguous group of valid, pairwise non-overlapping `replace_lines` calls runs from
 * the bottom of the document to the top.
 */
export function planToolCallOrder(calls: readonly PlannedToolCall[]): number[] {
  const order: number[] = [];
  let group: number[] = [];
  const flush = () => {
    order.push(...(group.length > 1 ? orderGroup(group, calls) : group));
    group = [];
  };
  calls.forEach((call, position) => {
    if (call.name === 'replace_lines') {
      group.push(position);
      return;
    }
    flush();
    order.push(position);
  });
  flush();
  return order;
}
