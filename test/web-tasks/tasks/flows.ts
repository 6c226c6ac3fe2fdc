// Longer flows: multi-step checkouts (the order step asks the person, with the price),
// and drag and drop done with the keyboard a sortable list offers.
import { expectFields, lastOf, page, type WebTask } from '../task';

const STEPS = `
function show(step) {
  for (const section of document.querySelectorAll('section[data-step]')) section.hidden = section.dataset.step !== step;
}
const value = (id) => document.getElementById(id).value;`;

/** Passes when exactly one card appeared and it names the price. */
const priceCard = (price: string) => (card: Record<string, unknown>) =>
  String(card['effect'] ?? '').includes(price) ? ('approve' as const) : ('deny' as const);

export const flowTasks: WebTask[] = [
  {
    id: 'checkout-three-steps',
    category: 'checkout',
    host: 'store-checkout.example',
    pages: {
      '/': page(
        'Checkout',
        `<h1>Checkout</h1><p>Basket: Walking boots, $129.00</p>
<section data-step="address"><h2>1. Address</h2>
  <label>Full name <input id="name"></label> <label>Street <input id="street"></label>
  <button id="to-pay" type="button">Continue to payment</button></section>
<section data-step="payment" hidden><h2>2. Payment</h2>
  <fieldset><legend>Pay with</legend>
    <label><input type="radio" name="pay" value="card" checked> Card</label>
    <label><input type="radio" name="pay" value="invoice"> Invoice</label></fieldset>
  <button id="to-review" type="button">Review order</button></section>
<section data-step="review" hidden><h2>3. Review</h2><p id="summary"></p>
  <p>Total: <strong>$129.00</strong></p><button id="place" type="button">Place order</button></section>
<p id="done" role="status"></p>`,
        `${STEPS}
document.getElementById('to-pay').addEventListener('click', () => show('payment'));
document.getElementById('to-review').addEventListener('click', () => {
  document.getElementById('summary').textContent = value('name') + ', ' + value('street');
  show('review');
});
document.getElementById('place').addEventListener('click', () => {
  record({ kind: 'order', name: value('name'), street: value('street'),
    pay: document.querySelector('input[name=pay]:checked').value, total: '129.00' });
  document.getElementById('done').textContent = 'Order placed';
});`,
      ),
    },
    goal: 'Order the walking boots to Ada Lovelace, 12 Baker Street, and pay by invoice.',
    plan: [
      { act: 'type', role: 'textbox', name: 'Full name', text: 'Ada Lovelace' },
      { act: 'type', role: 'textbox', name: 'Street', text: '12 Baker Street' },
      { act: 'click', role: 'button', name: 'Continue to payment' },
      { act: 'check', role: 'radio', name: 'Invoice', checked: true },
      { act: 'click', role: 'button', name: 'Review order' },
      { act: 'click', role: 'button', name: 'Place order' },
    ],
    onCard: priceCard('$129.00'),
    expectedCards: 1,
    judge: ({ record }) =>
      expectFields(lastOf(record, 'order'), {
        name: 'Ada Lovelace',
        street: '12 Baker Street',
        pay: 'invoice',
        total: '129.00',
      }),
  },
  {
    id: 'checkout-delivery-slot-and-pay',
    category: 'checkout',
    host: 'grocer.example',
    pages: {
      '/': page(
        'Groceries',
        `<h1>Your groceries</h1><p>12 items</p>
<section data-step="slot"><h2>Delivery slot</h2>
  <label>Day <select id="day"><option>Monday</option><option>Tuesday</option><option>Wednesday</option></select></label>
  <div role="radiogroup" aria-label="Time">
    <label><input type="radio" name="time" value="morning" checked> 8–10 am</label>
    <label><input type="radio" name="time" value="evening"> 6–8 pm</label></div>
  <button id="next" type="button">Continue</button></section>
<section data-step="pay" hidden><h2>Payment</h2><p>Total $42.50</p><button id="pay" type="button">Pay $42.50</button></section>`,
        `${STEPS}
document.getElementById('next').addEventListener('click', () => show('pay'));
document.getElementById('pay').addEventListener('click', () =>
  record({ kind: 'paid', day: value('day'), time: document.querySelector('input[name=time]:checked').value, total: '42.50' }));`,
      ),
    },
    goal: 'Book the Tuesday evening delivery slot and pay.',
    plan: [
      { act: 'click', role: 'combobox', name: 'Day' },
      { act: 'keys', keys: ['ArrowDown'] },
      { act: 'keys', keys: ['Enter'] },
      { act: 'check', role: 'radio', name: '6–8 pm', checked: true },
      { act: 'click', role: 'button', name: 'Continue' },
      { act: 'click', role: 'button', name: 'Pay $42.50' },
    ],
    onCard: priceCard('$42.50'),
    expectedCards: 1,
    judge: ({ record }) =>
      expectFields(lastOf(record, 'paid'), { day: 'Tuesday', time: 'evening', total: '42.50' }),
  },
  {
    id: 'drag-sortable-list-keyboard',
    category: 'drag and drop',
    host: 'todo-sort.example',
    pages: {
      '/': page(
        'Priorities',
        `<h1>Priorities</h1><p id="help">Press space to pick up an item, arrows to move it, space to drop it.</p>
<ol id="list" aria-label="Priorities"></ol><button id="save">Save order</button><p id="live" aria-live="assertive"></p>`,
        `let items = ['Email', 'Taxes', 'Gym', 'Groceries'];
let held = null;
const list = document.getElementById('list');
function draw(focusName) {
  list.replaceChildren(...items.map((name) => {
    const item = document.createElement('li');
    item.draggable = true;
    const handle = document.createElement('button');
    handle.textContent = 'Move ' + name;
    handle.setAttribute('aria-describedby', 'help');
    handle.setAttribute('aria-pressed', String(held === name));
    handle.addEventListener('keydown', (event) => {
      if (!event.isTrusted) return;
      const at = items.indexOf(name);
      if (event.key === ' ') { held = held === name ? null : name; event.preventDefault(); draw(name); }
      if (held === name && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
        const to = Math.max(0, Math.min(items.length - 1, at + (event.key === 'ArrowUp' ? -1 : 1)));
        items.splice(at, 1); items.splice(to, 0, name); event.preventDefault(); draw(name);
      }
    });
    item.addEventListener('dragstart', (event) => event.dataTransfer.setData('text/plain', name));
    item.addEventListener('dragover', (event) => event.preventDefault());
    item.addEventListener('drop', (event) => {
      const moved = event.dataTransfer.getData('text/plain');
      items.splice(items.indexOf(moved), 1); items.splice(items.indexOf(name), 0, moved); draw();
    });
    item.append(handle);
    return item;
  }));
  if (focusName) [...list.querySelectorAll('button')].find((button) => button.textContent === 'Move ' + focusName).focus();
}
draw();
document.getElementById('save').addEventListener('click', () => record({ kind: 'order', items: items.join(',') }));`,
      ),
    },
    goal: 'Move Taxes to the top of my priorities and save.',
    plan: [
      { act: 'click', role: 'button', name: 'Move Taxes' },
      { act: 'keys', keys: ['Space'] },
      { act: 'keys', keys: ['ArrowUp'] },
      { act: 'keys', keys: ['Space'] },
      { act: 'click', role: 'button', name: 'Save order' },
    ],
    judge: ({ record }) =>
      expectFields(lastOf(record, 'order'), { items: 'Taxes,Email,Gym,Groceries' }),
  },
  {
    id: 'drag-kanban-move-card',
    category: 'drag and drop',
    host: 'kanban.example',
    pages: {
      '/': page(
        'Board',
        `<h1>Board</h1>
<div style="display:flex;gap:24px">
  <section aria-label="To do"><h2>To do</h2><ul id="todo"><li><button data-card="Write report" aria-haspopup="menu">Write report</button></li></ul></section>
  <section aria-label="Done"><h2>Done</h2><ul id="done"></ul></section>
</div>
<div role="menu" id="menu" aria-label="Move card" hidden><button role="menuitem" id="to-done">Move to Done</button></div>`,
        `const menu = document.getElementById('menu');
const card = document.querySelector('[data-card]');
card.addEventListener('click', () => { menu.hidden = false; });
document.getElementById('to-done').addEventListener('click', (event) => {
  if (!event.isTrusted) return;
  document.getElementById('done').append(card.parentElement);
  menu.hidden = true;
  record({ kind: 'moved', card: card.dataset.card, column: 'done' });
});`,
      ),
    },
    goal: 'Move "Write report" to Done.',
    plan: [
      { act: 'click', role: 'button', name: 'Write report' },
      { act: 'click', role: 'menuitem', name: 'Move to Done' },
    ],
    judge: ({ record }) =>
      expectFields(lastOf(record, 'moved'), { card: 'Write report', column: 'done' }),
  },
];
