// Reference pages for Typst 0.14, written for this extension: data loading and a
// cheat sheet of the most common fixes.

/** 11 Data loading: files the document reads at compile time. */
export const DATA_LOADING = `# Data loading
Paths are relative to the current file, or absolute from the project root (\`/data/x.csv\`).
- \`#read("notes.txt")\` → string; \`read("x.bin", encoding: none)\` → bytes.
- \`#csv("data.csv")\` → array of rows (arrays of strings); \`csv(…, row-type: dictionary)\`.
- \`#json("data.json")\`, \`#yaml("c.yml")\`, \`#toml("c.toml")\`, \`#xml("d.xml")\`, \`#cbor(…)\`.
- Strings as data: \`json(bytes("{…}"))\` (0.13+: the decode functions take bytes).
- Typical use: \`#let rows = csv("data.csv")\` then
  \`#table(columns: rows.first().len(), ..rows.flatten())\` (\`..\` spreads an array).
`;

/** 12 Cheat sheet: common errors and their usual fixes. */
export const CHEAT_SHEET = `# Cheat sheet
- "unclosed delimiter": a \`(\`, \`[\` or \`{\` is missing its partner; check the line reported and above.
- "unknown variable: x" / "unknown function": typo, missing \`#let\`, or a missing \`#import\`.
- "expected comma": arguments must be separated: \`f(a, b)\`; inside markup escape \`#\`.
- "the character \`#\` is not valid in code": a stray \`#\` inside a code block or argument list.
- "expected length, found integer": add a unit, \`2pt\` not \`2\`.
- "file not found": path relative to the current file; check folder names and case.
- "label does not exist in the document": define \`<key>\` or add the bibliography entry.
- Math: words are symbols; write \`"text"\` for text and use spaces in \`a b\` for implicit products.
- Prefer set/show rules over repeated manual formatting; keep templates in their own file.
- Units: 1in = 2.54cm = 72pt; \`em\` follows the current font size.
`;
