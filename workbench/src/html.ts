// Tiny element builders; the workbench has no UI framework, on purpose (typst.app's markup
// is what matters, and plain DOM keeps it exact).
const SVG_NS = 'http://www.w3.org/2000/svg';

type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

/** An inline icon made of the given path data, drawn with the current text colour. */
export function icon(paths: string[], viewBox = '0 0 24 24', fill = true): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', viewBox);
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'icon');
  for (const d of paths) {
    const path = document.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', d);
    if (fill) path.setAttribute('fill', 'currentColor');
    else path.setAttribute('fill', 'none');
    if (!fill) path.setAttribute('stroke', 'currentColor');
    svg.append(path);
  }
  return svg;
}
