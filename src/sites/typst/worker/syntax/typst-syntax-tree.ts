// ## Owns
// Reading syntax errors out of the tree typst-syntax's wasm build hands to
// JavaScript: nested nodes with their length and their children's offsets (UTF-16
// code units, the editor's unit), an `erroneous` flag on inner nodes that contain an
// error, and `error: {message, hints}` on the error nodes themselves.
// ## Never
// Trusts the shape: the tree comes out of a parser that ran on page text, so a node
// that does not look like one ends the walk with an error instead of a guess.
import type { DocumentIssue } from '../../../../worker/documents/document-check';

/** A node of the tree as the wasm build serializes it. */
interface WasmSyntaxNode {
  readonly length: number;
  readonly erroneous?: boolean;
  readonly error?: { readonly message: string; readonly hints: readonly string[] };
  readonly children: readonly WasmSyntaxNode[];
  readonly positions: readonly number[];
}

function asNode(value: unknown): WasmSyntaxNode {
  const node = value as Partial<WasmSyntaxNode> | null;
  if (
    !node ||
    typeof node.length !== 'number' ||
    !Array.isArray(node.children) ||
    !Array.isArray(node.positions) ||
    node.positions.length !== node.children.length
  )
    throw new Error('The Typst parser returned a tree of an unknown shape.');
  return node as WasmSyntaxNode;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Every error node of `root`, in document order. Subtrees flagged as free of errors
 * are skipped, so a clean document costs one visit of the root's children.
 */
export function syntaxIssuesOf(root: unknown): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  // An explicit stack: nesting depth follows the document (brackets in brackets).
  const stack: { node: WasmSyntaxNode; at: number }[] = [{ node: asNode(root), at: 0 }];
  while (stack.length > 0) {
    const { node, at } = stack.pop() as { node: WasmSyntaxNode; at: number };
    if (node.error) {
      issues.push({
        from: at,
        to: at + node.length,
        message: asText(node.error.message),
        hints: Array.isArray(node.error.hints) ? node.error.hints.map(asText) : [],
      });
    }
    if (node.erroneous === false) continue;
    for (let index = node.children.length - 1; index >= 0; index -= 1) {
      stack.push({ node: asNode(node.children[index]), at: at + (node.positions[index] ?? 0) });
    }
  }
  return issues;
}
