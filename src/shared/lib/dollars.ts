// How an amount of US dollars reads to the person, in the worker's messages and the
// panel alike, so a limit and a spend are always written the same way.

/**
 * "$0.04" in cents, or two significant digits below a cent ("$0.0036") so a small
 * cost does not read as free; exactly nothing is "$0.00".
 */
export function dollarsText(usd: number): string {
  if (usd > 0 && usd < 0.01) return `$${usd.toPrecision(2).replace(/0+$/, '')}`;
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
