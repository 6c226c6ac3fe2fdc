/**
 * Copy buttons for code blocks. They are added AFTER sanitizing, as our own DOM built
 * with createElement/textContent, so the sanitizer never has to allow <button> and no
 * model text can shape them. The copied text is read from the sanitized <code> node at
 * click time, i.e. exactly what the user sees.
 */

/** Class of the wrapper around a code block; styled by the chat stylesheet. */
export const CODE_BLOCK_CLASS = 'md-code-block';
/** Class of the copy button inside {@link CODE_BLOCK_CLASS}. */
export const CODE_COPY_CLASS = 'md-code-copy';

const FEEDBACK_MS = 1500;

function copyCode(button: HTMLButtonElement, code: Element): void {
  const text = code.textContent ?? '';
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  const done = (label: string): void => {
    button.textContent = label;
    setTimeout(() => {
      button.textContent = 'Copy';
    }, FEEDBACK_MS);
  };
  if (clipboard === undefined) {
    done('Copy failed');
    return;
  }
  clipboard.writeText(text).then(
    () => done('Copied'),
    () => done('Copy failed'),
  );
}

/** Wraps every `pre` in `root` with a block holding a "Copy" button for its code. */
export function addCodeCopyButtons(root: DocumentFragment | Element): void {
  const document = root.ownerDocument ?? window.document;
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    const wrapper = document.createElement('div');
    wrapper.className = CODE_BLOCK_CLASS;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = CODE_COPY_CLASS;
    button.setAttribute('aria-label', 'Copy code');
    button.textContent = 'Copy';
    button.addEventListener('click', () => copyCode(button, pre));
    pre.replaceWith(wrapper);
    wrapper.append(button, pre);
  }
}
