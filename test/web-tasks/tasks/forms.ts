// Forms with labels in every common layout: a wrapping label, label[for], aria-label,
// aria-labelledby, a placeholder only, a label in a table cell beside the field, and a
// fieldset legend. Each form saves through a script, as single-page apps do.
import { expectFields, lastOf, page, type WebTask } from '../task';

const SAVE = `
document.querySelector('form').addEventListener('submit', (event) => {
  event.preventDefault();
  record({ kind: 'saved', ...Object.fromEntries(new FormData(event.currentTarget)) });
  document.getElementById('status').textContent = 'Saved';
});`;

export const formTasks: WebTask[] = [
  {
    id: 'form-label-layouts',
    category: 'forms',
    host: 'profile.example',
    pages: {
      '/': page(
        'Profile',
        `<h1>Your profile</h1>
<form method="get">
  <label>First name <input name="first"></label>
  <p><label for="last">Last name</label> <input id="last" name="last"></p>
  <p><input name="email" type="email" aria-label="Email address"></p>
  <p><span id="city-label">City</span> <input name="city" aria-labelledby="city-label"></p>
  <p><input name="phone" placeholder="Phone number"></p>
  <button>Save profile</button>
</form><p id="status" role="status"></p>`,
        SAVE,
      ),
    },
    goal: 'Fill in my profile: Ada Lovelace, ada@mail.example, London, 020 7946 0000, and save it.',
    plan: [
      { act: 'type', role: 'textbox', name: 'First name', text: 'Ada' },
      { act: 'type', role: 'textbox', name: 'Last name', text: 'Lovelace' },
      { act: 'type', role: 'textbox', name: 'Email address', text: 'ada@mail.example' },
      { act: 'type', role: 'textbox', name: 'City', text: 'London' },
      { act: 'type', role: 'textbox', name: 'Phone number', text: '020 7946 0000' },
      { act: 'click', role: 'button', name: 'Save profile' },
    ],
    judge: ({ record }) =>
      expectFields(lastOf(record, 'saved'), {
        first: 'Ada',
        last: 'Lovelace',
        email: 'ada@mail.example',
        city: 'London',
        phone: '020 7946 0000',
      }),
  },
  {
    id: 'form-table-and-legend',
    category: 'forms',
    host: 'shipping.example',
    pages: {
      '/': page(
        'Shipping address',
        `<h1>Shipping address</h1>
<form method="get">
  <table>
    <tr><td><label for="street">Street</label></td><td><input id="street" name="street"></td></tr>
    <tr><td><label for="zip">Postcode</label></td><td><input id="zip" name="zip"></td></tr>
  </table>
  <fieldset><legend>Delivery notes</legend><textarea name="notes" aria-label="Delivery notes"></textarea></fieldset>
  <button>Update address</button>
</form><p id="status" role="status"></p>`,
        SAVE,
      ),
    },
    goal: 'Set my shipping address to 12 Baker Street, NW1 6XE, and note "Leave at the door".',
    plan: [
      { act: 'type', role: 'textbox', name: 'Street', text: '12 Baker Street' },
      { act: 'type', role: 'textbox', name: 'Postcode', text: 'NW1 6XE' },
      { act: 'type', role: 'textbox', name: 'Delivery notes', text: 'Leave at the door' },
      { act: 'click', role: 'button', name: 'Update address' },
    ],
    judge: ({ record }) =>
      expectFields(lastOf(record, 'saved'), {
        street: '12 Baker Street',
        zip: 'NW1 6XE',
        notes: 'Leave at the door',
      }),
  },
  {
    id: 'form-rich-text-comment',
    category: 'forms',
    host: 'forum.example',
    pages: {
      '/': page(
        'Thread',
        `<h1>Weekend hike</h1><p>Who is coming on Saturday?</p>
<div id="box" contenteditable="true" role="textbox" aria-label="Your reply" aria-multiline="true"
  style="border:1px solid #888;min-height:3em"></div>
<button id="reply">Add reply</button><ol id="replies" aria-label="Replies"></ol>`,
        `document.getElementById('reply').addEventListener('click', (event) => {
  if (!event.isTrusted) return;
  const text = document.getElementById('box').textContent.trim();
  const item = document.createElement('li');
  item.textContent = text;
  document.getElementById('replies').append(item);
  record({ kind: 'reply', text });
});`,
      ),
    },
    goal: 'Reply "Count me in!" to the thread.',
    plan: [
      { act: 'type', role: 'textbox', name: 'Your reply', text: 'Count me in!' },
      { act: 'click', role: 'button', name: 'Add reply' },
    ],
    judge: ({ record }) => expectFields(lastOf(record, 'reply'), { text: 'Count me in!' }),
  },
];
