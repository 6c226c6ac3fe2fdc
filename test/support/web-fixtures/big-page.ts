// A generated page shaped like a long real page (about 21,600 elements with its open
// shadow roots and two frames): sections with a heading, a paragraph with a link, a nested list of links
// with a button, a form (label[for] + input, a wrapped check box, a select, a button,
// a textarea named by aria-label), text spans, an image and a table whose button is
// named by aria-labelledby; open and closed shadow hosts made by script; a
// same-origin and a cross-origin frame. Used by the tree's bench and e2e tests.

export interface BigPageOptions {
  readonly sections?: number;
  readonly openHosts?: number;
  readonly closedHosts?: number;
  /** Frame addresses (same- and cross-origin); none when empty. */
  readonly frames?: readonly string[];
  /** Markup added at the very end (after the last section). */
  readonly tail?: string;
}

function section(index: number): string {
  return `<section aria-label="Section ${index}">
<h2>Section ${index} title</h2>
<p>Paragraph ${index} explains the offer with <a href="/item/${index}">details ${index}</a> and some more words to read.</p>
<ul><li><a href="/a/${index}">First ${index}</a><ul><li><a href="/b/${index}">Nested ${index}</a></li><li><button type="button">Add ${index}</button></li></ul></li><li>Plain item ${index}</li></ul>
<form><label for="q${index}">Query ${index}</label><input id="q${index}" name="q${index}" value="v${index}">
<label><input type="checkbox" name="c${index}"> Option ${index}</label>
<select name="s${index}"><option>One</option><option selected>Two</option><option>Three</option></select>
<button>Send ${index}</button><textarea aria-label="Notes ${index}"></textarea></form>
<div><span>Span ${index}a</span> <span>Span ${index}b</span> <img src="data:," alt="Picture ${index}"></div>
<table><tr><td id="t${index}">Row ${index}</td><td><button aria-labelledby="t${index}">x</button></td></tr></table>
</section>`;
}

/** Script that adds shadow hosts with five elements each (open, then closed). */
function shadowScript(open: number, closed: number): string {
  return `<script>
(() => {
  const box = document.getElementById('hosts');
  const add = (mode, index) => {
    const host = document.createElement('div');
    host.className = 'host-' + mode;
    box.append(host);
    const root = host.attachShadow({ mode });
    root.innerHTML = '<div><h3>' + mode + ' shadow ' + index + '</h3><p>Inside ' + index + '</p><button>' + mode + ' button ' + index + '</button><input aria-label="' + mode + ' field ' + index + '"></div>';
  };
  for (let index = 0; index < ${open}; index += 1) add('open', index);
  for (let index = 0; index < ${closed}; index += 1) add('closed', index);
})();
</script>`;
}

export function bigPageHtml(options: BigPageOptions = {}): string {
  const sections = options.sections ?? 600;
  const parts: string[] = [];
  for (let index = 0; index < sections; index += 1) parts.push(section(index));
  const frames = (options.frames ?? [])
    .map(
      (src, index) =>
        `<iframe title="Frame ${index}" src="${src}" width="400" height="300"></iframe>`,
    )
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Big page</title></head><body>
<header><nav aria-label="Main"><a href="/">Home</a> <a href="/shop">Shop</a></nav></header>
<main><h1>Big page</h1>
${frames}
<div id="hosts"></div>
${parts.join('\n')}
${options.tail ?? ''}
</main>${shadowScript(options.openHosts ?? 100, options.closedHosts ?? 20)}</body></html>`;
}

/** A page for a frame of the big page: about 500 elements of the same kinds. */
export function bigFrameHtml(label: string): string {
  const parts: string[] = [];
  for (let index = 0; index < 12; index += 1)
    parts.push(section(index).replace(/Section/g, `${label} section`));
  return `<!doctype html><html><head><meta charset="utf-8"><title>${label}</title></head><body><h1>${label}</h1>${parts.join('\n')}</body></html>`;
}
