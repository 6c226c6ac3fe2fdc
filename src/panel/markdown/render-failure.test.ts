import { expect, it, vi } from 'vitest';
import type * as MarkdownParser from './markdown-parser';
import { renderMarkdownFragment } from './render-markdown';

vi.mock('./markdown-parser', async (importOriginal) => ({
  ...(await importOriginal<typeof MarkdownParser>()),
  markdownToUntrustedHtml: () => {
    throw new Error('parser exploded');
  },
}));

it('falls back to a single plain text node when rendering throws', () => {
  const fragment = renderMarkdownFragment('# Title <script>x</script>\u202E');
  expect(fragment.childNodes).toHaveLength(1);
  expect(fragment.firstChild?.nodeType).toBe(Node.TEXT_NODE);
  expect(fragment.textContent).toBe('# Title <script>x</script>\u27E8U+202E\u27E9');
});
