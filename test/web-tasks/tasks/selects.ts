// Native and custom selects, and autocomplete. A native select is driven
// as a person with a keyboard does: focus it, then arrow keys; custom ones by clicking
// their options.
import { arrowsTo } from '../plan-steps';
import { expectFields, lastOf, page, type WebTask } from '../task';
import { parseTree } from '../transcript';

export const selectTasks: WebTask[] = [
  {
    id: 'native-select-country',
    category: 'selects',
    host: 'signup-select.example',
    pages: {
      '/': page(
        'Country',
        `<h1>Where do you live?</h1>
<label for="country">Country</label>
<select id="country"><option>Austria</option><option>Belgium</option><option>Canada</option><option>Denmark</option><option>Estonia</option></select>
<button id="next">Confirm country</button>`,
        `document.getElementById('next').addEventListener('click', () =>
  record({ kind: 'country', country: document.getElementById('country').value }));`,
      ),
    },
    goal: 'Set my country to Denmark.',
    plan: [
      { act: 'click', role: 'combobox', name: 'Country' },
      arrowsTo('Country', 'Denmark'),
      { act: 'keys', keys: ['Enter'] },
      { act: 'click', role: 'button', name: 'Confirm country' },
    ],
    judge: ({ record }) => expectFields(lastOf(record, 'country'), { country: 'Denmark' }),
  },
  {
    id: 'native-select-quantity-up',
    category: 'selects',
    host: 'tickets.example',
    pages: {
      '/': page(
        'Tickets',
        `<h1>Concert tickets</h1>
<p><label>Tickets <select id="count"><option>1</option><option>2</option><option>3</option><option selected>4</option></select></label></p>
<button id="hold">Hold tickets</button>`,
        `document.getElementById('hold').addEventListener('click', () =>
  record({ kind: 'hold', count: document.getElementById('count').value }));`,
      ),
    },
    goal: 'Hold 2 tickets for me.',
    plan: [
      { act: 'click', role: 'combobox', name: 'Tickets' },
      arrowsTo('Tickets', '2'),
      { act: 'keys', keys: ['Enter'] },
      { act: 'click', role: 'button', name: 'Hold tickets' },
    ],
    judge: ({ record }) => expectFields(lastOf(record, 'hold'), { count: '2' }),
  },
  {
    id: 'custom-listbox-select',
    category: 'selects',
    host: 'timezone.example',
    pages: {
      '/': page(
        'Time zone',
        `<h1>Time zone</h1>
<span id="tz-label">Time zone</span>
<button id="tz" aria-haspopup="listbox" aria-expanded="false" aria-labelledby="tz-label tz">UTC</button>
<ul id="tz-list" role="listbox" aria-labelledby="tz-label" hidden>
  <li role="option" aria-selected="true">UTC</li><li role="option" aria-selected="false">Europe/Paris</li>
  <li role="option" aria-selected="false">Asia/Tokyo</li><li role="option" aria-selected="false">America/Lima</li>
</ul>
<button id="apply">Apply time zone</button>`,
        `const button = document.getElementById('tz');
const list = document.getElementById('tz-list');
button.addEventListener('click', () => {
  list.hidden = !list.hidden;
  button.setAttribute('aria-expanded', String(!list.hidden));
});
for (const option of list.querySelectorAll('[role=option]')) {
  option.addEventListener('click', (event) => {
    if (!event.isTrusted) return;
    for (const other of list.children) other.setAttribute('aria-selected', String(other === option));
    button.textContent = option.textContent;
    list.hidden = true;
    button.setAttribute('aria-expanded', 'false');
  });
}
document.getElementById('apply').addEventListener('click', () => record({ kind: 'tz', tz: button.textContent }));`,
      ),
    },
    goal: 'Set my time zone to Asia/Tokyo.',
    plan: [
      { act: 'click', role: 'button', name: 'Time zone UTC' },
      { act: 'click', role: 'option', name: 'Asia/Tokyo' },
      { act: 'click', role: 'button', name: 'Apply time zone' },
    ],
    judge: ({ record }) => expectFields(lastOf(record, 'tz'), { tz: 'Asia/Tokyo' }),
  },
  {
    id: 'custom-menu-select',
    category: 'selects',
    host: 'sort.example',
    pages: {
      '/': page(
        'Results',
        `<h1>Results</h1>
<div class="dropdown"><button id="sort" aria-haspopup="menu" aria-expanded="false">Sort: Relevance</button>
<div role="menu" id="menu" hidden aria-label="Sort by">
  <div role="menuitemradio" aria-checked="true" tabindex="-1">Relevance</div>
  <div role="menuitemradio" aria-checked="false" tabindex="-1">Price: low to high</div>
  <div role="menuitemradio" aria-checked="false" tabindex="-1">Newest</div>
</div></div>`,
        `const sort = document.getElementById('sort');
const menu = document.getElementById('menu');
sort.addEventListener('click', () => { menu.hidden = !menu.hidden; sort.setAttribute('aria-expanded', String(!menu.hidden)); });
for (const item of menu.children) {
  item.addEventListener('click', () => {
    for (const other of menu.children) other.setAttribute('aria-checked', String(other === item));
    sort.textContent = 'Sort: ' + item.textContent;
    menu.hidden = true;
    record({ kind: 'sort', by: item.textContent });
  });
}`,
      ),
    },
    goal: 'Sort the results by price, lowest first.',
    plan: [
      { act: 'click', role: 'button', name: 'Sort: Relevance' },
      { act: 'click', role: 'menuitemradio', name: 'Price: low to high' },
    ],
    judge: ({ record }) => expectFields(lastOf(record, 'sort'), { by: 'Price: low to high' }),
  },
  {
    id: 'autocomplete-click-suggestion',
    category: 'autocomplete',
    host: 'flights.example',
    pages: {
      '/': page(
        'Flights',
        `<h1>Find a flight</h1>
<label for="to">Destination</label>
<input id="to" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="cities" autocomplete="off">
<ul id="cities" role="listbox" aria-label="Destinations" hidden></ul>
<p id="picked"></p><button id="search">Find flights</button>`,
        `const cities = ['Lisbon, Portugal', 'Lima, Peru', 'Lille, France', 'Lyon, France'];
const input = document.getElementById('to');
const list = document.getElementById('cities');
let chosen = '';
input.addEventListener('input', () => {
  const typed = input.value.toLowerCase();
  list.replaceChildren(...cities.filter((city) => typed && city.toLowerCase().startsWith(typed)).map((city) => {
    const item = document.createElement('li');
    item.setAttribute('role', 'option');
    item.textContent = city;
    item.addEventListener('click', () => { input.value = city; chosen = city; list.hidden = true; input.setAttribute('aria-expanded', 'false'); });
    return item;
  }));
  list.hidden = list.children.length === 0;
  input.setAttribute('aria-expanded', String(!list.hidden));
});
document.getElementById('search').addEventListener('click', () => record({ kind: 'search', to: chosen }));`,
      ),
    },
    goal: 'Search flights to Lima, Peru.',
    plan: [
      { act: 'type', role: 'combobox', name: 'Destination', text: 'Li' },
      { act: 'click', role: 'option', name: 'Lima, Peru' },
      { act: 'click', role: 'button', name: 'Find flights' },
    ],
    judge: ({ record }) => expectFields(lastOf(record, 'search'), { to: 'Lima, Peru' }),
  },
  {
    id: 'autocomplete-keyboard',
    category: 'autocomplete',
    host: 'people.example',
    pages: {
      '/': page(
        'Share',
        `<h1>Share the document</h1>
<label for="who">Add people</label>
<input id="who" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="hits" aria-activedescendant="" autocomplete="off">
<ul id="hits" role="listbox" aria-label="People" hidden></ul>
<ul id="added" aria-label="Shared with"></ul>`,
        `const people = ['Grace Hopper', 'Greta Garbo', 'Alan Turing'];
const input = document.getElementById('who');
const list = document.getElementById('hits');
let active = -1;
function render() {
  for (const [index, item] of [...list.children].entries()) item.setAttribute('aria-selected', String(index === active));
  input.setAttribute('aria-activedescendant', active >= 0 ? 'hit-' + active : '');
}
input.addEventListener('input', () => {
  const typed = input.value.toLowerCase();
  list.replaceChildren(...people.filter((name) => typed && name.toLowerCase().includes(typed)).map((name, index) => {
    const item = document.createElement('li');
    item.id = 'hit-' + index; item.setAttribute('role', 'option'); item.textContent = name;
    return item;
  }));
  active = -1; list.hidden = list.children.length === 0; input.setAttribute('aria-expanded', String(!list.hidden)); render();
});
input.addEventListener('keydown', (event) => {
  if (!event.isTrusted || list.hidden) return;
  if (event.key === 'ArrowDown') { active = Math.min(active + 1, list.children.length - 1); render(); event.preventDefault(); }
  if (event.key === 'Enter' && active >= 0) {
    const name = list.children[active].textContent;
    const item = document.createElement('li'); item.textContent = name;
    document.getElementById('added').append(item);
    record({ kind: 'shared', name });
    input.value = ''; list.hidden = true; event.preventDefault();
  }
});`,
      ),
    },
    goal: 'Share the document with Greta Garbo.',
    plan: [
      { act: 'type', role: 'combobox', name: 'Add people', text: 'Gr' },
      (tree) => {
        // The second suggestion is the one: press ArrowDown until it is active.
        const options = parseTree(tree).filter((line) => line.role === 'option');
        const index = options.findIndex((line) => line.name === 'Greta Garbo');
        return index < 0 ? null : { act: 'keys', keys: ['ArrowDown'], repeat: index + 1 };
      },
      { act: 'keys', keys: ['Enter'] },
    ],
    judge: ({ record }) => expectFields(lastOf(record, 'shared'), { name: 'Greta Garbo' }),
  },
];
