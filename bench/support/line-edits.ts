// Generated documents and scattered line changes for the diff and span-edit
// benchmarks. Deterministic: the same arguments always give the same texts.

/** `count` distinct Typst-like lines of about 12 to 40 characters. */
export function documentLines(count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    switch (index % 4) {
      case 0:
        return `#let v${index} = ${(index * 7919) % 10007}`;
      case 1:
        return `Item ${index} of the list, with a note.`;
      case 2:
        return `  - value ${index.toString(36)};`;
      default:
        return `#figure[${index}]`;
    }
  });
}

/**
 * `lines` with `changes` one-line changes spread evenly over it, cycling through
 * modify, insert and delete. More changes than lines put several at one place; a
 * line is then modified once and the rest become insertions.
 */
export function withScatteredChanges(lines: readonly string[], changes: number): string[] {
  const byLine = new Map<number, number>();
  for (let change = 0; change < changes; change += 1) {
    const line = Math.floor(((change + 0.5) * lines.length) / changes);
    byLine.set(line, (byLine.get(line) ?? 0) + 1);
  }
  const result: string[] = [];
  let serial = 0;
  lines.forEach((line, index) => {
    const count = byLine.get(index) ?? 0;
    if (count === 0) {
      result.push(line);
      return;
    }
    const kind = serial % 3;
    serial += count;
    for (let extra = 1; extra < count; extra += 1) result.push(`inserted ${index}.${extra}`);
    if (kind === 0) result.push(`${line} // edited`);
    else if (kind === 1) result.push(`new line before ${index}`, line);
    // kind 2 deletes the line.
  });
  return result;
}

/** `lines` with every `step`-th line (starting at `offset`) edited, `count` in all. */
export function withEditedLines(
  lines: readonly string[],
  count: number,
): { lines: string[]; edited: number } {
  const step = Math.max(1, Math.floor(lines.length / count));
  let edited = 0;
  const result = lines.map((line, index) => {
    if (edited < count && index % step === Math.floor(step / 2)) {
      edited += 1;
      return `${line} edited`;
    }
    return line;
  });
  return { lines: result, edited };
}
