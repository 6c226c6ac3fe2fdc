// ## Owns
// The accname steps (W3C accname 1.2 with HTML-AAM's native rules) for one element:
// aria-labelledby, aria-label, native text alternatives (labels, legend, caption,
// figcaption, alt, input values), embedded control values, name from content,
// title and placeholder, with a bound on how much text and how many nodes one name
// may visit. names.ts puts a fast path in front for the common case.
import { labelsOf } from './label-index';
import { flatChildren } from './flat-tree';
import { roleOf } from './roles';
import { isSecretField } from '../read/field-privacy';

/** Roles whose name may come from their content (ARIA 1.2 "name from: contents"). */
export const NAME_FROM_CONTENT = new Set([
  'button',
  'cell',
  'checkbox',
  'columnheader',
  'gridcell',
  'heading',
  'label',
  'legend',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'radio',
  'row',
  'rowheader',
  'switch',
  'tab',
  'tooltip',
  'treeitem',
]);

/** Controls whose value stands in for them inside another element's name. */
const CONTROL_ROLES = new Set(['button', 'combobox', 'listbox', 'textbox', 'searchbox']);
const RANGE_ROLES = new Set(['meter', 'progressbar', 'scrollbar', 'slider', 'spinbutton']);
const TEXT_INPUT_TYPES = new Set(['text', 'email', 'tel', 'url', 'search', 'password', 'number']);
/** Most nodes one name may visit; a pathological subtree ends the name early. */
const MAX_NAME_NODES = 4_000;

interface Context {
  readonly embeddedInLabel: boolean;
  readonly referenced: boolean;
  readonly recursion: boolean;
}

/** Whitespace runs as one space, trimmed. */
export const flatten = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Clips to `max` characters, marking the cut with an ellipsis. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\u2026`;
}

/** The full accname computation for `element`; see names.ts for the fast path in front. */
export function computeName(element: Element, maxChars: number): string {
  const consulted = new Set<Node>();
  const styles = new Map<Element, CSSStyleDeclaration>();
  const view = element.ownerDocument.defaultView;
  let collected = 0;
  let visits = 0;
  const full = () => collected > maxChars * 2 || visits > MAX_NAME_NODES;

  const styleOf = (node: Element) => {
    let style = styles.get(node);
    if (!style && view) {
      style = view.getComputedStyle(node);
      styles.set(node, style);
    }
    return style;
  };
  const isHidden = (node: Element) => {
    if (node.hasAttribute('hidden') || node.getAttribute('aria-hidden') === 'true') return true;
    const style = styleOf(node);
    return style ? style.display === 'none' || style.visibility === 'hidden' : false;
  };
  const attribute = (node: Element, name: string): string | null => {
    const value = node.getAttribute(name);
    return value !== null && value.trim() !== '' ? value : null;
  };
  const take = (text: string) => {
    const room = maxChars * 2 - collected;
    const part = text.length > room + 64 ? text.slice(0, Math.max(0, room + 64)) : text;
    collected += part.length;
    return part;
  };

  function idRefs(node: Element, name: 'aria-labelledby'): Element[] {
    if (!node.hasAttribute(name)) return [];
    // Element reflection resolves what the browser resolves (including references a
    // script set across shadow boundaries); ids are looked up in the node's own tree.
    const reflected = (node as Element & { ariaLabelledByElements?: readonly Element[] | null })
      .ariaLabelledByElements;
    if (Array.isArray(reflected) && reflected.length > 0) return [...reflected];
    const root = node.getRootNode() as Document | ShadowRoot;
    const found: Element[] = [];
    for (const id of (node.getAttribute(name) ?? '').split(/\s+/)) {
      const target = id ? root.getElementById?.(id) : null;
      if (target) found.push(target);
    }
    return found;
  }

  function children(node: Element): Node[] {
    const list = Array.from(flatChildren(node));
    for (const owned of idRefsOwned(node)) list.push(owned);
    return list;
  }
  function idRefsOwned(node: Element): Element[] {
    const owns = node.getAttribute('aria-owns');
    if (!owns) return [];
    const root = node.getRootNode() as Document | ShadowRoot;
    const found: Element[] = [];
    for (const id of owns.split(/\s+/)) {
      const target = id ? root.getElementById?.(id) : null;
      if (target) found.push(target);
    }
    return found;
  }

  function fromContent(node: Element, context: Context): string {
    let text = '';
    for (const child of children(node)) {
      if (full()) break;
      const part = alternative(child, {
        embeddedInLabel: context.embeddedInLabel,
        referenced: false,
        recursion: true,
      });
      const separator =
        child.nodeType === 1 && styleOf(child as Element)?.display !== 'inline' ? ' ' : '';
      text += separator + part + separator;
    }
    return text.trim();
  }

  function native(node: Element, role: string | null): string | null {
    const tag = node.localName;
    if (tag === 'fieldset') {
      consulted.add(node);
      const legend = Array.from(node.children).find((child) => child.localName === 'legend');
      if (legend) return alternative(legend, plain);
    } else if (tag === 'table') {
      consulted.add(node);
      const caption = Array.from(node.children).find((child) => child.localName === 'caption');
      if (caption) return alternative(caption, plain);
    } else if (tag === 'figure') {
      const caption = Array.from(node.children).find((child) => child.localName === 'figcaption');
      if (caption) return alternative(caption, plain);
    } else if (tag === 'svg') {
      consulted.add(node);
      const title = Array.from(node.children).find((child) => child.localName === 'title');
      return title ? take(title.textContent ?? '') : null;
    } else if (tag === 'img' || tag === 'area') {
      const alt = attribute(node, 'alt');
      if (alt !== null) return take(alt);
    } else if (tag === 'optgroup') {
      const label = attribute(node, 'label');
      if (label !== null) return label;
    }
    const input = tag === 'input' ? (node as HTMLInputElement) : null;
    if (input && (input.type === 'button' || input.type === 'submit' || input.type === 'reset')) {
      const value = attribute(node, 'value');
      if (value !== null) return take(value);
      if (input.type === 'submit') return 'Submit';
      if (input.type === 'reset') return 'Reset';
    }
    const labels = labelsOf(node);
    if (labels.length > 0) {
      consulted.add(node);
      return labels
        .map((label) =>
          alternative(label, { embeddedInLabel: true, referenced: false, recursion: true }),
        )
        .filter((text) => text.length > 0)
        .join(' ');
    }
    if (input?.type === 'image') {
      return attribute(node, 'alt') ?? attribute(node, 'title') ?? 'Submit Query';
    }
    if (role === 'button') {
      const content = fromContent(node, plain);
      if (content !== '') return content;
    }
    return null;
  }

  function embeddedValue(node: Element, role: string | null): string | null {
    if (role === 'combobox' || role === 'listbox') {
      consulted.add(node);
      // A card's expiry or a password in a label must not become part of a name.
      if (isSecretField(node)) return '';
      if (node.localName === 'select') {
        return Array.from((node as HTMLSelectElement).selectedOptions)
          .map((option) =>
            alternative(option, {
              embeddedInLabel: true,
              referenced: false,
              recursion: true,
            }),
          )
          .join(' ');
      }
      if (node.localName === 'input') return (node as HTMLInputElement).value;
      const selected = Array.from(node.querySelectorAll('[aria-selected="true"]'));
      return selected.map((option) => alternative(option, plainRecursion)).join(' ');
    }
    if (role !== null && RANGE_ROLES.has(role)) {
      consulted.add(node);
      return (
        node.getAttribute('aria-valuetext') ??
        node.getAttribute('aria-valuenow') ??
        node.getAttribute('value') ??
        ''
      );
    }
    if (role === 'textbox' || role === 'searchbox') {
      consulted.add(node);
      // A password or card number in a label must not become part of a name.
      if (isSecretField(node)) return '';
      const tag = node.localName;
      if (tag === 'input' || tag === 'textarea') return take((node as HTMLInputElement).value);
      return take(node.textContent ?? '');
    }
    return null;
  }

  const plain: Context = { embeddedInLabel: false, referenced: false, recursion: false };
  const plainRecursion: Context = { embeddedInLabel: false, referenced: false, recursion: true };

  function alternative(current: Node, context: Context): string {
    if (consulted.has(current) || full()) return '';
    visits += 1;
    if (current.nodeType === 3) {
      consulted.add(current);
      return take((current as Text).data);
    }
    if (current.nodeType !== 1) return '';
    const node = current as Element;
    if (!context.referenced && isHidden(node)) {
      consulted.add(node);
      return '';
    }
    const labelledBy = context.referenced ? [] : idRefs(node, 'aria-labelledby');
    if (labelledBy.length > 0) {
      // Not marked as consulted yet: a node may name itself among its references
      // (aria-labelledby="self other"), and the referenced step follows no further ids.
      return labelledBy
        .map((target) =>
          alternative(target, {
            embeddedInLabel: context.embeddedInLabel,
            referenced: true,
            recursion: false,
          }),
        )
        .join(' ');
    }
    const role = roleOf(node);
    const skipToValue = context.recursion && role !== null && isControl(role);
    if (!skipToValue) {
      const label = (node.getAttribute('aria-label') ?? '').trim();
      if (label !== '') {
        consulted.add(node);
        return take(label);
      }
      if (role !== 'none' && role !== 'presentation') {
        const text = native(node, role);
        if (text !== null) {
          consulted.add(node);
          return text;
        }
      }
    }
    if (role === 'menu') {
      consulted.add(node);
      return '';
    }
    if (skipToValue || context.embeddedInLabel || context.referenced) {
      const value = embeddedValue(node, role);
      if (value !== null) return value;
    }
    if (
      (role !== null && NAME_FROM_CONTENT.has(role)) ||
      node.localName === 'legend' ||
      node.localName === 'label' ||
      node.localName === 'caption' ||
      context.referenced
    ) {
      const content = fromContent(node, context);
      if (content !== '') {
        consulted.add(node);
        return content;
      }
    }
    if (context.recursion) {
      consulted.add(node);
      return fromContent(node, context);
    }
    const title = attribute(node, 'title');
    consulted.add(node);
    if (title !== null) return take(title);
    return placeholderOf(node) ?? '';
  }

  return clip(flatten(alternative(element, plain)), maxChars);
}

function isControl(role: string): boolean {
  return CONTROL_ROLES.has(role) || RANGE_ROLES.has(role);
}

/** HTML-AAM's last resort for text fields: the placeholder (or aria-placeholder). */
function placeholderOf(node: Element): string | null {
  const tag = node.localName;
  const takesText =
    tag === 'textarea' ||
    (tag === 'input' && TEXT_INPUT_TYPES.has((node as HTMLInputElement).type));
  const placeholder = takesText
    ? node.getAttribute('placeholder')
    : node.getAttribute('aria-placeholder');
  return placeholder !== null && placeholder.trim() !== '' ? placeholder : null;
}
