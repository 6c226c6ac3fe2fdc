// Tool names are identifiers for the model ("replace_lines", "getWeather",
// "docs.search"); people read them as words. Used where no tool-written line exists.

/** "replace_lines" -> "Replace lines", "getWeather" -> "Get weather"; never empty. */
export function humanizeName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.:/\s]+/g, ' ')
    .trim()
    .toLowerCase();
  if (words === '') return 'Tool';
  return words.charAt(0).toUpperCase() + words.slice(1);
}
