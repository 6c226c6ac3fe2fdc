/** Formats a character count for the reasoning header: "812 chars", "1.2k chars". */
export function formatCharCount(count: number): string {
  if (count <= 1024) return `${count} chars`;
  const thousands = count / 1000;
  return `${thousands < 100 ? thousands.toFixed(1) : Math.round(thousands)}k chars`;
}
