// Reference pages for Typst 0.14, written for this extension: styling, context,
// layout, visualize and model elements.

/** 06 Styling: set and show rules. */
export const STYLING = `# Styling
- Set rules give element defaults from here to the end of the scope:
  \`#set text(font: "New Computer Modern", size: 11pt, lang: "en")\`,
  \`#set par(justify: true, leading: 0.65em)\`, \`#set heading(numbering: "1.1")\`.
- Conditional set: \`#set text(red) if draft\`.
- Show rules transform elements: \`#show heading: set text(navy)\`,
  \`#show "Typst": name => strong(name)\`, \`#show <todo>: it => highlight(it)\`,
  \`#show heading.where(level: 1): it => { pagebreak(weak: true); it }\`,
  \`#show regex("\\d+"): set text(blue)\`. Everything after: \`#show: template\`.
- Templates are functions over the rest of the document:
  \`#let conf(title: none, doc) = { set page(numbering: "1"); doc }\` then \`#show: conf.with(title: "X")\`.
`;

/** 07 Context: values that depend on where content ends up. */
export const CONTEXT = `# Context and introspection
- \`context\` makes an expression depend on its location: \`#context text.lang\`,
  \`#context counter(page).display()\`, \`#context here().position()\`.
- Counters: \`counter(heading)\`, \`counter(page)\`, \`counter(figure.where(kind: image))\`,
  custom \`counter("notes")\`; \`.step()\`, \`.update(n)\`, \`.get()\` (inside context), \`.display("1.a")\`.
- State: \`#let s = state("x", 0)\`, \`#s.update(n => n + 1)\`, \`#context s.get()\`, \`s.final()\`.
- Queries: \`#context query(heading)\`, \`query(<label>)\`, \`locate(<label>)\`.
- Measurement: \`#context measure([text]).width\`.
- Values read in context are frozen for that expression; avoid reading a state you
  update in the same context (layout may not converge after five iterations).
`;

/** 08 Layout: pages, spacing, alignment, grids. */
export const LAYOUT = `# Layout
- Page: \`#set page(paper: "a4", margin: (x: 2cm, y: 2.5cm), columns: 2, numbering: "1",
  header: [...], footer: [...], flipped: false)\`; \`#pagebreak()\`, \`#colbreak()\`.
- Spacing: \`#h(1cm)\`, \`#v(1fr)\`, \`#h(1fr)\` pushes apart; \`#linebreak()\`.
- Alignment: \`#align(center)[…]\`, \`align(right + bottom)\`; \`#set align(center)\`.
- Boxes: \`#box(width: 3cm)[…]\` (inline), \`#block(fill: luma(230), inset: 8pt, radius: 4pt)[…]\`.
- \`#pad(x: 1em)[…]\`, \`#move(dx: 2pt)[…]\`, \`#rotate(45deg)[…]\`, \`#scale(x: 50%)[…]\`,
  \`#place(top + right, dx: -1cm)[…]\` (out of flow; \`float: true\` for floats).
- Grids: \`#grid(columns: (1fr, 2fr), gutter: 8pt, [a], [b])\`; \`#stack(dir: ltr, spacing: 4pt, [a], [b])\`.
- Columns in part of a page: \`#columns(2)[…]\`.
`;

/** 09 Visualize: shapes, colours, images. */
export const VISUALIZE = `# Visualize
- Images: \`#image("images/plot.png", width: 60%)\` (png, jpg, gif, svg, webp; pdf in 0.14).
- Shapes: \`#rect(width: 2cm, height: 1cm, fill: blue, stroke: 1pt + red, radius: 2pt)\`,
  \`#circle(radius: 5pt)\`, \`#ellipse\`, \`#square\`, \`#line(length: 100%, stroke: 0.5pt)\`,
  \`#polygon((0pt, 0pt), (1cm, 0pt), (0pt, 1cm))\`, \`#curve(…)\` (replaces path).
- Colours: \`red\`, \`rgb(255, 0, 0)\`, \`rgb("#ff0000")\`, \`luma(80%)\`, \`cmyk(…)\`, \`oklch(…)\`;
  \`.lighten(20%)\`, \`.darken(10%)\`, \`.transparentize(50%)\`; gradients \`gradient.linear(red, blue)\`.
- Strokes: \`2pt + red\` or \`(paint: red, thickness: 2pt, dash: "dashed")\`.
- Plotting and diagrams come from packages (e.g. \`@preview/cetz\`, \`@preview/fletcher\`).
`;

/** 10 Model elements: document structure. */
export const MODEL = `# Model elements
- \`heading(level, numbering, outlined)\`; \`#outline()\` builds a table of contents
  (\`#outline(target: figure.where(kind: table))\` for a list of tables).
- Figures: \`#figure(image("x.png"), caption: [A plot]) <fig:x>\` then \`@fig:x\`;
  \`figure(table(...))\` numbers as a table.
- Tables: \`#table(columns: 3, align: center, stroke: 0.5pt, table.header[A][B][C], [1], [2], [3])\`;
  \`table.cell(colspan: 2)[…]\`, \`table.hline()\`.
- Lists: \`list\`, \`enum(numbering: "a)")\`, \`terms\`. Quotes: \`#quote(block: true, attribution: [X])[…]\`.
- Footnotes: \`#footnote[…]\`. Links: \`#link("https://…")[text]\`.
- Bibliography: \`#bibliography("refs.bib", style: "ieee")\`; cite with \`@key\` or
  \`#cite(<key>, form: "prose")\`. Document metadata: \`#set document(title: […], author: "…")\`.
- \`#par\`, \`#emph\`, \`#strong\`, \`#numbering("1.a", 1, 2)\`.
`;
