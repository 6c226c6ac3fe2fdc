// @vitest-environment jsdom
// DOMPurify needs a spec-conformant DOM (happy-dom stops after its first removal), so
// this file runs on jsdom: here the DOMPurify layer is tested on its own, and the
// allowlist pass on fragments built by hand.
import createDOMPurify from 'dompurify';
import { describe, expect, it } from 'vitest';
import { enforceAllowlist, keepAttribute, sanitizeToFragment } from './sanitize';

const html = (fragment: DocumentFragment): string => {
  const holder = document.createElement('div');
  holder.append(fragment.cloneNode(true));
  return holder.innerHTML;
};

/** A fragment holding `markup` exactly as parsed, before any sanitizing. */
function rawFragment(markup: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = markup;
  return template.content;
}

const both = [
  ['DOMPurify layer', (markup: string) => html(sanitizeToFragment(markup))],
  [
    'allowlist pass',
    (markup: string) => {
      const fragment = rawFragment(markup);
      enforceAllowlist(fragment);
      return html(fragment);
    },
  ],
] as const;

// What Markdown renders to; written out here rather than read from the module, so a
// tag dropped from (or added to) the allowlist fails a test.
const MARKDOWN_ELEMENTS =
  '<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>' +
  '<p>a<br>b <strong>s</strong> <em>e</em> <del>d</del> <code>c</code> <a href="https://example.com/">l</a></p>' +
  '<pre><code>pre</code></pre><blockquote><p>q</p></blockquote>' +
  '<ul><li>u</li></ul><ol><li>o</li></ol><hr>' +
  '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>';

describe.each(both)('%s', (_layer, clean) => {
  it('keeps every element Markdown renders to', () => {
    expect(clean(MARKDOWN_ELEMENTS)).toBe(MARKDOWN_ELEMENTS);
  });

  it('drops script-like elements together with their content', () => {
    for (const markup of [
      '<script>alert(1)</script>',
      '<style>p{}</style>',
      '<iframe>frame text</iframe>',
      '<svg><text>vector</text></svg>',
      '<math><mi>x</mi></math>',
      '<noscript>hidden</noscript>',
      '<template><p>t</p></template>',
    ]) {
      expect(clean(`<p>before</p>${markup}<p>after</p>`), markup).toBe('<p>before</p><p>after</p>');
    }
  });

  it('unwraps other elements and keeps their text', () => {
    expect(clean('<div><span>one</span> <u>two</u> <font>three</font></div>')).toBe(
      'one two three',
    );
    expect(clean('<form><button>press</button><input value="x"></form>')).toBe('press');
    expect(clean('<p><img src="https://example.com/x.png" alt="pic">text</p>')).toBe('<p>text</p>');
  });

  it('removes event handlers, styles, ids and data or aria attributes', () => {
    expect(
      clean(
        '<p onclick="alert(1)" style="color:red" id="x" data-x="1" aria-label="l" title="kept">t</p>',
      ),
    ).toBe('<p title="kept">t</p>');
    expect(clean('<a href="https://example.com/" onmouseover="alert(1)" target="_top">x</a>')).toBe(
      '<a href="https://example.com/">x</a>',
    );
  });

  it('keeps a class only as a valid language on code, and start only as digits on ol', () => {
    expect(clean('<code class="language-ts">x</code>')).toBe('<code class="language-ts">x</code>');
    for (const markup of [
      '<code class="language-">x</code>',
      '<code class="language-a b">x</code>',
      '<code class="lang-ts">x</code>',
      '<code class="highlight language-ts">x</code>',
    ]) {
      expect(clean(markup), markup).toBe('<code>x</code>');
    }
    expect(clean('<p class="language-ts">x</p>')).toBe('<p>x</p>');
    expect(clean('<ol start="3"><li>x</li></ol>')).toBe('<ol start="3"><li>x</li></ol>');
    expect(clean('<ol start="123456789"><li>x</li></ol>')).toBe(
      '<ol start="123456789"><li>x</li></ol>',
    );
    for (const start of ['x', '-1', '1234567890', '2.5', '']) {
      expect(clean(`<ol start="${start}"><li>x</li></ol>`), start).toBe('<ol><li>x</li></ol>');
    }
    expect(clean('<ul start="3"><li>x</li></ul>')).toBe('<ul><li>x</li></ul>');
  });

  it('removes comments', () => {
    expect(clean('<p>a<!-- hidden -->b</p>')).toBe('<p>ab</p>');
  });
});

describe('the DOMPurify layer', () => {
  it('keeps only https and mailto link targets', () => {
    expect(html(sanitizeToFragment('<a href="https://example.com/">x</a>'))).toBe(
      '<a href="https://example.com/">x</a>',
    );
    expect(html(sanitizeToFragment('<a href="HTTPS://example.com/">x</a>'))).toBe(
      '<a href="HTTPS://example.com/">x</a>',
    );
    expect(html(sanitizeToFragment('<a href="mailto:a@example.com">x</a>'))).toBe(
      '<a href="mailto:a@example.com">x</a>',
    );
    for (const href of [
      'javascript:alert(1)',
      'http://example.com/',
      'data:text/html,x',
      'ftp://example.com/',
      '/relative',
      'unknown-scheme:x',
      // A script URL that only mentions an allowed scheme later on.
      "javascript:void('https:')",
      'data:text/html,mailto:',
    ]) {
      expect(html(sanitizeToFragment(`<a href="${href}">x</a>`)), href).toBe('<a>x</a>');
    }
  });

  it('keeps the digits-only start attribute although it is not a URL', () => {
    expect(html(sanitizeToFragment('<ol start="7"><li>x</li></ol>'))).toBe(
      '<ol start="7"><li>x</li></ol>',
    );
  });

  it('keeps template-like text as the model wrote it', () => {
    expect(html(sanitizeToFragment('<p>{{ user }} ${total} <%= x %></p>'))).toBe(
      '<p>{{ user }} ${total} &lt;%= x %&gt;</p>',
    );
  });

  it('parses a leading heading as body content', () => {
    expect(html(sanitizeToFragment('<h1>Title</h1>text'))).toBe('<h1>Title</h1>text');
  });

  it('returns a fragment, and keeps working across calls', () => {
    const first = sanitizeToFragment('<p>1</p>');
    const second = sanitizeToFragment('<p>2</p><script>x</script>');
    expect(first.nodeType).toBe(Node.DOCUMENT_FRAGMENT_NODE);
    expect(html(second)).toBe('<p>2</p>');
  });

  it('leaves the shared DOMPurify instance as it was', () => {
    sanitizeToFragment('<code class="language-ts">x</code>');
    // Our class rule lives on a private instance: the default one still keeps any class.
    const shared = createDOMPurify(window);
    expect(shared.sanitize('<code class="anything">x</code>')).toBe(
      '<code class="anything">x</code>',
    );
  });
});

describe('enforceAllowlist', () => {
  it('drops every element whose content is never shown', () => {
    for (const name of [
      'script',
      'style',
      'template',
      'iframe',
      'object',
      'embed',
      'noscript',
      'noembed',
      'noframes',
      'textarea',
      'title',
      'xmp',
      'select',
    ]) {
      const fragment = document.createDocumentFragment();
      const element = document.createElement(name);
      element.append('secret');
      fragment.append('a', element, 'b');
      enforceAllowlist(fragment);
      expect(html(fragment), name).toBe('ab');
    }
    for (const [name, namespace] of [
      ['svg', 'http://www.w3.org/2000/svg'],
      ['math', 'http://www.w3.org/1998/Math/MathML'],
    ] as const) {
      const fragment = document.createDocumentFragment();
      const element = document.createElementNS(namespace, name);
      element.append('secret');
      fragment.append('a', element, 'b');
      enforceAllowlist(fragment);
      expect(html(fragment), name).toBe('ab');
    }
  });

  it('drops head and frameset elements with their content', () => {
    for (const name of ['head', 'frameset']) {
      const fragment = document.createDocumentFragment();
      const element = document.createElement(name);
      element.append('secret');
      fragment.append('a', element, 'b');
      enforceAllowlist(fragment);
      expect(html(fragment), name).toBe('ab');
    }
  });

  it('unwraps an allowlisted name outside the HTML namespace', () => {
    const fragment = document.createDocumentFragment();
    const foreign = document.createElementNS('http://www.w3.org/2000/svg', 'a');
    foreign.setAttribute('href', 'https://example.com/');
    foreign.append('label');
    fragment.append(foreign);
    enforceAllowlist(fragment);
    expect(html(fragment)).toBe('label');
  });

  it('removes processing instructions', () => {
    const fragment = document.createDocumentFragment();
    const paragraph = document.createElement('p');
    paragraph.append('a', document.createProcessingInstruction('xml', 'x'), 'b');
    fragment.append(paragraph);
    enforceAllowlist(fragment);
    expect(html(fragment)).toBe('<p>ab</p>');
  });

  it('cleans nested elements of an unwrapped parent', () => {
    expect(
      both[1][1](
        '<div><span><a href="https://example.com/" onclick="x">a</a><b>b</b></span></div>',
      ),
    ).toBe('<a href="https://example.com/">a</a>b');
  });
});

describe('keepAttribute', () => {
  it('allows href only on links and title anywhere', () => {
    expect(keepAttribute('a', 'href', 'https://example.com/')).toBe(true);
    expect(keepAttribute('p', 'href', 'https://example.com/')).toBe(false);
    expect(keepAttribute('p', 'title', 'anything')).toBe(true);
    expect(keepAttribute('a', 'onclick', 'x')).toBe(false);
    expect(keepAttribute('a', 'style', 'x')).toBe(false);
  });

  it('bounds language names to the pattern the parser uses', () => {
    expect(keepAttribute('code', 'class', 'language-c++')).toBe(true);
    expect(keepAttribute('code', 'class', 'language-C#')).toBe(true);
    expect(keepAttribute('code', 'class', `language-${'x'.repeat(32)}`)).toBe(true);
    expect(keepAttribute('code', 'class', `language-${'x'.repeat(33)}`)).toBe(false);
    expect(keepAttribute('code', 'class', 'xlanguage-ts')).toBe(false);
    expect(keepAttribute('pre', 'class', 'language-ts')).toBe(false);
  });
});
