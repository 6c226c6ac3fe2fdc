// Pages for the newer action tools' end-to-end tests (web-actions-more.e2e.ts). Each
// keeps its own record of what happened in data attributes, so a test judges by the
// page's state, never by what the agent says.

/** A status that shows up 1.5 s after load. */
const WAIT = `<!doctype html><title>Wait</title>
<main><h1>Search</h1><p>Searching\u2026</p><div id="slot"></div></main>
<script>
setTimeout(() => {
  const status = document.createElement('div');
  status.setAttribute('role', 'status');
  status.textContent = 'Results ready';
  document.getElementById('slot').append(status);
  document.body.dataset.shownAt = String(Date.now());
}, 1500);
</script>`;

/** A short page with an inner list that scrolls on its own. */
const SCROLL = `<!doctype html><title>Scroll</title>
<style>#results{height:180px;overflow-y:auto;border:1px solid #999;margin:0;padding:0}
#results li{height:40px;list-style:none}</style>
<h1>Results</h1>
<ul id="results">${Array.from({ length: 40 }, (_unused, index) => `<li>Result ${index + 1}</li>`).join('')}</ul>`;

const items = (prefix: string, draggable: boolean) =>
  ['Alpha', 'Beta', 'Gamma']
    .map(
      (name) =>
        `<li data-name="${name}"${draggable ? ' draggable="true"' : ''}>${prefix} ${name}</li>`,
    )
    .join('');

/**
 * Two lists: one sorted by pointer events (press on an item, release on another: it
 * moves next to that one), one by HTML5 drag and drop. Each keeps its order in
 * data-order.
 */
const DRAG = `<!doctype html><title>Drag</title>
<style>ul{width:260px;padding:0;margin:16px} li{list-style:none;height:36px;margin:4px;background:#eef;user-select:none}</style>
<h1>Sort</h1>
<ul id="pointer" aria-label="Pointer list">${items('Pointer', false)}</ul>
<ul id="native" aria-label="Native list">${items('Native', true)}</ul>
<script>
const record = (list) => { list.dataset.order = [...list.children].map((li) => li.dataset.name).join(','); };
const move = (list, dragged, target) => {
  if (!dragged || !target || dragged === target) return;
  const items = [...list.children];
  if (items.indexOf(dragged) < items.indexOf(target)) target.after(dragged); else target.before(dragged);
  record(list);
};
const pointer = document.getElementById('pointer');
const native = document.getElementById('native');
record(pointer); record(native);
let held = null;
pointer.addEventListener('pointerdown', (event) => { if (event.isTrusted) held = event.target.closest('li'); });
document.addEventListener('pointerup', (event) => {
  if (!held) return;
  const under = document.elementFromPoint(event.clientX, event.clientY)?.closest('#pointer li');
  move(pointer, held, under);
  held = null;
});
let dragging = null;
native.addEventListener('dragstart', (event) => {
  dragging = event.target.closest('li');
  event.dataTransfer.setData('text/plain', dragging.dataset.name);
});
native.addEventListener('dragover', (event) => event.preventDefault());
native.addEventListener('drop', (event) => {
  event.preventDefault();
  const name = event.dataTransfer.getData('text/plain');
  const dragged = [...native.children].find((li) => li.dataset.name === name);
  move(native, dragged, event.target.closest('li'));
});
</script>`;

/** An editor whose confirmation dialog is still open. */
const DONE = `<!doctype html><title>New task</title>
<h1>Task created</h1>
<dialog open aria-label="Task created"><p>Your task was created.</p>
<button id="close" onclick="this.closest('dialog').close()">Close</button></dialog>`;

/** A Save button that counts its trusted clicks. */
const SAVE = `<!doctype html><title>Profile</title>
<h1>Profile</h1><p>Display name: Ada</p>
<button id="save">Save</button>
<script>
document.body.dataset.saves = '0';
document.getElementById('save').addEventListener('click', (event) => {
  if (event.isTrusted) document.body.dataset.saves = String(Number(document.body.dataset.saves) + 1);
});
</script>`;

// A form that stays on the page when sent (as a slow single-page app would); a GET
// form, so sending it once needs no approval and only the repeat asks.
const SEND = `<!doctype html><title>Message</title>
<h1>Message</h1>
<form id="message" action="/sent" method="get">
<label>Message <input name="body"></label>
<button type="submit">Send</button>
</form>
<script>
document.body.dataset.sends = '0';
document.getElementById('message').addEventListener('submit', (event) => {
  event.preventDefault();
  document.body.dataset.sends = String(Number(document.body.dataset.sends) + 1);
});
</script>`;

export const MORE_ACTION_PAGES: Record<string, string> = {
  '/': '<!doctype html><title>Tasks</title><h1>Tasks</h1>',
  '/wait': WAIT,
  '/scroll': SCROLL,
  '/drag': DRAG,
  '/done': DONE,
  '/save': SAVE,
  '/send': SEND,
};
