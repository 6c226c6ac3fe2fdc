// ## Owns
// One element's styles for the Dev tools: the computed values of the properties
// asked for (a useful default set otherwise), its box model, and the style rules of
// the page's own sheets that match it, in cascade order. A sheet from another origin
// cannot be read by a page; those are counted, never guessed.
import { describeElement } from '../act/hit-test';
import { MAX_MATCHED_RULES, MAX_RULE_CHARS } from '../../methods/dev-methods';

/** What a person debugging layout usually looks at first. */
export const DEFAULT_PROPERTIES = [
  'display',
  'position',
  'visibility',
  'opacity',
  'z-index',
  'width',
  'height',
  'margin',
  'padding',
  'border',
  'box-sizing',
  'overflow',
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'text-align',
  'flex-direction',
  'justify-content',
  'align-items',
  'gap',
  'grid-template-columns',
  'transform',
  'pointer-events',
  'cursor',
] as const;

const clip = (text: string, max = MAX_RULE_CHARS) =>
  text.length > max ? `${text.slice(0, max - 1)}\u2026` : text;

const px = (value: string) => Number.parseFloat(value) || 0;

const sides = (style: CSSStyleDeclaration, prefix: string, suffix = '') => ({
  top: px(style.getPropertyValue(`${prefix}-top${suffix}`)),
  right: px(style.getPropertyValue(`${prefix}-right${suffix}`)),
  bottom: px(style.getPropertyValue(`${prefix}-bottom${suffix}`)),
  left: px(style.getPropertyValue(`${prefix}-left${suffix}`)),
});

interface MatchedRule {
  readonly selector: string;
  readonly source: string;
  readonly declarations: string;
}

/** Walks the style rules of `sheets` (nested media and supports blocks included). */
function matchingRules(
  element: Element,
  sheets: Iterable<CSSStyleSheet>,
): { rules: MatchedRule[]; unreadable: number } {
  const rules: MatchedRule[] = [];
  let unreadable = 0;
  const visit = (list: CSSRuleList, source: string) => {
    for (const rule of list) {
      if (rule instanceof CSSStyleRule) {
        let matches = false;
        try {
          matches = element.matches(rule.selectorText);
        } catch {
          // A selector this browser does not parse cannot match.
        }
        if (matches)
          rules.push({
            selector: clip(rule.selectorText),
            source,
            declarations: clip(rule.style.cssText),
          });
      } else if (
        (rule instanceof CSSMediaRule && matchMedia(rule.conditionText).matches) ||
        (rule instanceof CSSSupportsRule && CSS.supports(rule.conditionText))
      ) {
        visit(rule.cssRules, source);
      }
    }
  };
  for (const sheet of sheets) {
    let list: CSSRuleList;
    try {
      list = sheet.cssRules;
    } catch {
      unreadable += 1;
      continue;
    }
    visit(list, sheet.href ?? 'inline <style>');
  }
  return { rules, unreadable };
}

export function elementStyles(element: Element, properties: readonly string[] | null) {
  const style = getComputedStyle(element);
  const computed: Record<string, string> = {};
  for (const name of properties ?? DEFAULT_PROPERTIES)
    computed[name] = clip(style.getPropertyValue(name), 400);
  const rect = element.getBoundingClientRect();
  // Sheets of the element's own shadow root apply to it too, before the document's.
  const root = element.getRootNode();
  const sheets: CSSStyleSheet[] = [...document.styleSheets];
  if (root instanceof ShadowRoot) sheets.unshift(...root.styleSheets, ...root.adoptedStyleSheets);
  sheets.push(...document.adoptedStyleSheets);
  const { rules, unreadable } = matchingRules(element, sheets);
  return {
    status: 'found' as const,
    url: location.href.slice(0, 2_048),
    element: describeElement(element, 300),
    computed,
    box: {
      border: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
      margin: sides(style, 'margin'),
      padding: sides(style, 'padding'),
      borderWidth: sides(style, 'border', '-width'),
    },
    // The last rules win the cascade at equal specificity; keep those when cut.
    rules: rules.slice(-MAX_MATCHED_RULES),
    rulesTotal: rules.length,
    unreadableSheets: unreadable,
  };
}
