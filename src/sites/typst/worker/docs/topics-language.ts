// Reference pages for Typst 0.14, written for this extension: syntax, markup, math,
// scripting, types. Concise and checked against the 0.14 reference; no page text is
// copied from typst.app.

/** 01 Syntax: the three modes and how to switch between them. */
export const SYNTAX = `# Syntax (Typst 0.14)
Typst has three modes. Markup is the default. \`#\` enters code for one expression
(\`#emph[hi]\`, \`#let x = 1\`); \`$…$\` enters math. In code, \`[…]\` is a content
block (markup) and \`{…}\` a code block.
- Comments: \`// line\`, \`/* block */\`.
- Escapes in markup: \`\\#\`, \`\\$\`, \`\\*\`, \`\\_\`, \`\\\\\`, \`\\u{1F600}\`.
- An expression after \`#\` ends at the first space unless wrapped: \`#(1 + 2)\`.
- Field access and methods: \`#page.width\`, \`#"abc".len()\`.
- Labels \`<intro>\` attach to the preceding element; \`@intro\` references it.
- Identifiers may contain \`-\`: \`#let my-var = 2\` (so write \`a - b\` with spaces).
`;

/** 02 Markup: the lightweight syntax and the function each maps to. */
export const MARKUP = `# Markup
| Syntax | Meaning | Function |
|---|---|---|
| blank line | paragraph break | \`parbreak\` |
| \`*strong*\` | strong emphasis | \`strong\` |
| \`_emph_\` | emphasis | \`emph\` |
| \`\\\`code\\\`\` / fenced \\\`\\\`\\\`lang | raw text | \`raw\` |
| \`https://typst.app\` | link | \`link\` |
| \`<label>\` / \`@label\` | label / reference or citation | \`label\`, \`ref\`, \`cite\` |
| \`= Heading\` (more \`=\` = deeper) | heading | \`heading\` |
| \`- item\` | bullet list | \`list\` |
| \`+ item\` | numbered list | \`enum\` |
| \`/ Term: description\` | term list | \`terms\` |
| \`\\\` at line end | line break | \`linebreak\` |
| \`~\`, \`---\`, \`--\`, \`...\` | non-breaking space, em dash, en dash, ellipsis | |
| \`'single'\` \`"double"\` | smart quotes | \`smartquote\` |
`;

/** 03 Math: formulas, attachments, fractions and common functions. */
export const MATH = `# Math
- Inline \`$x^2$\`; display (block) when there is a space inside both dollars: \`$ x^2 $\`.
- Sub/superscript: \`x_1\`, \`x^(n+1)\`; fractions \`a/b\` or \`frac(a, b)\`; roots \`sqrt(x)\`, \`root(3, x)\`.
- Single letters are variables; multi-letter words are symbols or functions:
  \`alpha\`, \`pi\`, \`RR\`, \`NN\`, \`sum_(i=0)^n\`, \`integral_a^b\`, \`arrow.r\`, \`eq.not\`, \`<=\`, \`!=\`.
- Text in math: \`"if"\` (quoted); upright: \`upright(d)\`; operators: \`op("sinc")\`.
- Grouping: \`lr((a/b))\`, \`abs(x)\`, \`norm(v)\`, \`floor(x)\`; vectors and matrices:
  \`vec(1, 2)\`, \`mat(1, 2; 3, 4)\`, \`cases(1 "if" x > 0, 0 "else")\`.
- Alignment in multi-line equations: \`&\` aligns, \`\\\` breaks: \`$ a &= b \\ &= c $\`.
- Numbering: \`#set math.equation(numbering: "(1)")\`; label a block equation with \`<eq>\`.
- Code inside math uses \`#\`: \`$#x + 1$\`.
`;

/** 04 Scripting: bindings, control flow, functions and modules. */
export const SCRIPTING = `# Scripting
- Bindings: \`#let x = 1\`, destructuring \`#let (a, b) = (1, 2)\`, \`#let (key: v) = dict\`.
- Functions: \`#let add(a, b: 0) = a + b\`; with a body block \`#let f(x) = { x * 2 }\`;
  content argument sugar: \`#f(x)[trailing content]\`. Closures: \`(x) => x + 1\`.
- Conditionals: \`#if cond [yes] else [no]\`; loops: \`#for x in (1, 2) [#x]\`,
  \`#while i < 3 { i += 1 }\`, with \`break\` and \`continue\`. Blocks join their values.
- Operators: \`+ - * /\`, \`==\`, \`!=\`, \`<\`, \`and\`, \`or\`, \`not\`, \`in\`, \`not in\`.
- Modules: \`#import "utils.typ": helper, other\`, \`#import "utils.typ" as u\`,
  \`#include "chapters/intro.typ"\` inserts that file's content.
- Packages: \`#import "@preview/cetz:0.4.2"\` (name:version from Typst Universe).
- \`#let\` bindings are immutable inside functions' outer scope; use return values.
- Errors: \`#panic("msg")\`, \`#assert(x > 0, message: "…")\`.
`;

/** 05 Types: the built-in value types and their common methods. */
export const TYPES = `# Types
- \`none\`, \`auto\`, \`bool\`, \`int\` (\`1\`), \`float\` (\`1.5\`), \`str\` (\`"text"\`),
  \`content\` (\`[*markup*]\`), \`array\` (\`(1, 2)\`, one element \`(1,)\`), \`dictionary\`
  (\`(a: 1, "b c": 2)\`, empty \`(:)\`), \`function\`, \`label\`, \`datetime\`, \`regex\`, \`bytes\`.
- Lengths: \`pt\`, \`mm\`, \`cm\`, \`in\`, \`em\` (relative to font size); ratio \`50%\`;
  relative \`50% + 1em\`; fraction \`1fr\`; angle \`90deg\`; colour \`rgb("#1e90ff")\`, \`luma(50%)\`.
- Strings: \`.len()\`, \`.split(",")\`, \`.contains("x")\`, \`.replace("a", "b")\`, \`.trim()\`,
  \`upper(s)\`, \`str(1)\`, \`int("3")\`.
- Arrays: \`.len()\`, \`.at(0)\`, \`.map(f)\`, \`.filter(f)\`, \`.join(", ")\`, \`.sorted()\`,
  \`.enumerate()\`, \`.sum()\`, \`.first()\`, \`.last()\`, \`.push(x)\` (on a mutable binding).
- Dictionaries: \`.at("k", default: 0)\`, \`.keys()\`, \`.values()\`, \`.pairs()\`, \`.insert(k, v)\`.
- \`type(x)\` returns the type; \`repr(x)\` a debug string.
`;
