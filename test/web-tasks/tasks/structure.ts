// Page structure that hides controls from naive agents: open and closed shadow roots,
// same- and cross-origin frames, a modal that must be closed first, and a page of
// 20,000 elements whose target sits near the end.
import { expectFields, fail, lastOf, page, pass, type WebTask } from '../task';

const FRAME_HOST = 'widgets-frame.example';

export const structureTasks: WebTask[] = [
  {
    id: 'shadow-open-form',
    category: 'shadow DOM',
    host: 'shadow-open.example',
    pages: {
      '/': page(
        'Coupon',
        `<h1>Checkout</h1><coupon-box></coupon-box>`,
        `customElements.define('coupon-box', class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = '<label>Coupon code <input id="code"></label> <button id="apply">Apply coupon</button>';
    root.getElementById('apply').addEventListener('click', () => record({ kind: 'coupon', code: root.getElementById('code').value }));
  }
});`,
      ),
    },
    goal: 'Apply the coupon code SPRING25.',
    plan: [
      { act: 'type', role: 'textbox', name: 'Coupon code', text: 'SPRING25' },
      { act: 'click', role: 'button', name: 'Apply coupon' },
    ],
    judge: ({ record }) => expectFields(lastOf(record, 'coupon'), { code: 'SPRING25' }),
  },
  {
    id: 'shadow-closed-button',
    category: 'shadow DOM',
    host: 'shadow-closed.example',
    pages: {
      '/': page(
        'Player',
        `<h1>Podcast</h1><audio-player></audio-player>`,
        `customElements.define('audio-player', class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: 'closed' });
    root.innerHTML = '<div><button id="speed">Playback speed 1x</button><button id="sub">Subscribe to podcast</button></div>';
    root.getElementById('sub').addEventListener('click', (event) => { if (event.isTrusted) record({ kind: 'subscribed' }); });
  }
});`,
      ),
    },
    goal: 'Subscribe to this podcast.',
    plan: [{ act: 'click', role: 'button', name: 'Subscribe to podcast' }],
    judge: ({ record }) => (lastOf(record, 'subscribed') ? pass : fail('no subscription recorded')),
  },
  {
    id: 'iframe-same-origin',
    category: 'iframes',
    host: 'help-frame.example',
    pages: {
      '/': page(
        'Help',
        `<h1>Help centre</h1><iframe src="/contact" title="Contact form" style="width:600px;height:260px"></iframe>`,
      ),
      '/contact': page(
        'Contact',
        `<label>Your question <input id="q"></label> <button id="ask">Send question</button>`,
        `document.getElementById('ask').addEventListener('click', () => record({ kind: 'question', q: document.getElementById('q').value }));`,
      ),
    },
    goal: 'Ask the help centre: "Where is my parcel?"',
    plan: [
      { act: 'type', role: 'textbox', name: 'Your question', text: 'Where is my parcel?' },
      { act: 'click', role: 'button', name: 'Send question' },
    ],
    knownGap: { code: 'SITE_FEATURE_UNAVAILABLE', tool: 'type' },
    judge: ({ record }) => expectFields(lastOf(record, 'question'), { q: 'Where is my parcel?' }),
  },
  {
    id: 'iframe-cross-origin',
    category: 'iframes',
    host: 'news-frame.example',
    otherHosts: {
      [FRAME_HOST]: {
        '/poll': page(
          'Poll',
          `<p>Best season?</p><button id="summer">Vote summer</button> <button id="winter">Vote winter</button>`,
          `for (const button of document.querySelectorAll('button'))
  button.addEventListener('click', (event) => { if (event.isTrusted) record({ kind: 'vote', season: button.id }); });`,
        ),
      },
    },
    alsoAllow: [FRAME_HOST],
    pages: {
      '/': page(
        'News',
        `<h1>Reader poll</h1><iframe src="https://${FRAME_HOST}/poll" title="Reader poll" style="width:500px;height:200px"></iframe>`,
      ),
    },
    goal: 'Vote winter in the reader poll.',
    plan: [{ act: 'click', role: 'button', name: 'Vote winter' }],
    knownGap: { code: 'SITE_FEATURE_UNAVAILABLE', tool: 'click' },
    judge: ({ record }) =>
      lastOf(record, 'vote')?.['season'] === 'winter' ? pass : fail('no winter vote recorded'),
  },
  {
    id: 'modal-cookie-banner-first',
    category: 'modal',
    host: 'recipes.example',
    pages: {
      '/': page(
        'Recipes',
        `<h1>Lemon cake</h1><button id="save">Save recipe</button>
<div id="shade" style="position:fixed;inset:0;background:#0008;display:grid;place-items:center">
  <div role="dialog" aria-modal="true" aria-label="Cookies" style="background:#fff;padding:24px">
    <p>We use cookies.</p><button id="ok">Only necessary cookies</button>
  </div>
</div>`,
        `document.getElementById('ok').addEventListener('click', () => document.getElementById('shade').remove());
document.getElementById('save').addEventListener('click', (event) => { if (event.isTrusted) record({ kind: 'saved', recipe: 'lemon cake' }); });`,
      ),
    },
    goal: 'Save this recipe (only necessary cookies, please).',
    plan: [
      { act: 'click', role: 'button', name: 'Only necessary cookies' },
      { act: 'click', role: 'button', name: 'Save recipe' },
    ],
    judge: ({ record }) => expectFields(lastOf(record, 'saved'), { recipe: 'lemon cake' }),
  },
  {
    id: 'modal-newsletter-popup',
    category: 'modal',
    host: 'magazine.example',
    pages: {
      '/': page(
        'Magazine',
        `<h1>Spring issue</h1><button id="read">Read the spring issue</button>
<dialog id="pop" aria-label="Newsletter"><p>Join 2 million readers!</p><button id="close" aria-label="Close newsletter offer">×</button></dialog>`,
        `const pop = document.getElementById('pop');
pop.showModal();
document.getElementById('close').addEventListener('click', () => pop.close());
document.getElementById('read').addEventListener('click', (event) => { if (event.isTrusted) record({ kind: 'opened', issue: 'spring' }); });`,
      ),
    },
    goal: 'Open the spring issue; I do not want the newsletter.',
    plan: [
      { act: 'click', role: 'button', name: 'Close newsletter offer' },
      { act: 'click', role: 'button', name: 'Read the spring issue' },
    ],
    judge: ({ record }) => expectFields(lastOf(record, 'opened'), { issue: 'spring' }),
  },
  {
    id: 'big-page-20000-elements',
    category: 'big page',
    host: 'ledger.example',
    filter: 'interactive',
    pages: {
      '/': page(
        'Ledger',
        `<h1>All transactions</h1><table><tbody id="rows"></tbody></table>`,
        `const rows = [];
for (let index = 1; index <= 2500; index += 1) {
  rows.push('<tr><td>#' + index + '</td><td>2026-01-' + String(1 + (index % 28)).padStart(2, '0') + '</td><td><span>Coffee</span> <em>shop</em></td><td>$' + (index % 97) + '.00</td><td><button data-id="' + index + '">Flag #' + index + '</button></td></tr>');
}
document.getElementById('rows').innerHTML = rows.join('');
document.getElementById('rows').addEventListener('click', (event) => {
  const id = event.target.dataset && event.target.dataset.id;
  if (id && event.isTrusted) record({ kind: 'flagged', id });
});
document.body.dataset.elements = String(document.getElementsByTagName('*').length);`,
      ),
    },
    goal: 'Flag transaction #2431 for review.',
    plan: [{ act: 'click', role: 'button', name: 'Flag #2431' }],
    judge: async ({ record, page: tab }) => {
      const elements = Number(await tab.evaluate(() => document.body.dataset['elements']));
      if (elements < 20_000) return fail(`the page has only ${elements} elements`);
      return expectFields(lastOf(record, 'flagged'), { id: '2431' });
    },
  },
];
