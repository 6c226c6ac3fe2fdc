// ## Owns
// A small clothes shop served as https://shop-e2e.example: search, colour and size
// filters, a product view with a size select, a cart, a checkout form and "Place
// order" showing the total. A single-page app (hash routes) whose data comes from its
// own server's JSON endpoints, which keep the cart and the orders (shop-catalogue.ts).
import type { WebPage } from '../../web-pages';
import { CATALOGUE, price, search, type ShopState } from './shop-catalogue';

export const SHOP_HOST = 'shop-e2e.example';

const json = (value: unknown) => ({ type: 'application/json', body: JSON.stringify(value) });

const APP = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Threads — shop</title>
<style>body{font:16px system-ui;margin:24px} li{margin:6px 0} fieldset{display:inline-block;margin-right:12px}</style></head>
<body><header><h1>Threads</h1>
<form id="search" role="search" method="get"><label>Search the shop <input id="q" type="search"></label> <button>Search</button></form>
<p><a href="#cart" id="cart-link">Cart (<span id="count">0</span>)</a></p></header>
<main id="view"></main>
<script>
const view = document.getElementById('view');
const esc = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const api = (path, params) => fetch(path + '?' + new URLSearchParams(params), { cache: 'no-store' }).then((r) => r.json());
let query = '';
const filters = { colour: new Set(), size: new Set() };
// The filters are drawn once per search and only the product list redraws, as a
// keyed component tree does: a checkbox the person ticks stays the same element.
async function results() {
  const box = (group, value, label) => '<label><input type="checkbox" data-group="' + group + '" value="' + value + '"' + (filters[group].has(value) ? ' checked' : '') + '> ' + label + '</label>';
  view.innerHTML = '<h2>Results for “' + esc(query) + '”</h2>' +
    '<fieldset><legend>Colour</legend>' + box('colour', 'red', 'Red') + box('colour', 'blue', 'Blue') + box('colour', 'green', 'Green') + '</fieldset>' +
    '<fieldset><legend>Size</legend>' + box('size', 'S', 'S') + box('size', 'M', 'M') + box('size', 'L', 'L') + '</fieldset>' +
    '<ul aria-label="Products" id="products"></ul><p role="status" id="found"></p>';
  for (const input of view.querySelectorAll('input[data-group]')) {
    input.addEventListener('change', () => {
      filters[input.dataset.group][input.checked ? 'add' : 'delete'](input.value);
      list();
    });
  }
  await list();
}
async function list() {
  const found = await api('/api/search', { q: query, colour: [...filters.colour].join(','), size: [...filters.size].join(',') });
  document.getElementById('products').innerHTML = found.map((p) => '<li><a href="#product/' + p.id + '">' + esc(p.name) + '</a> <span>' + esc(p.price) + '</span></li>').join('');
  document.getElementById('found').textContent = found.length + ' products';
}
async function product(id) {
  const p = await api('/api/product', { id });
  view.innerHTML = '<h2>' + esc(p.name) + '</h2><p>Colour: ' + esc(p.colour) + '</p><p>Price: ' + esc(p.price) + '</p>' +
    '<p><label for="size">Size</label> <select id="size"><option value="">Choose a size</option>' +
    ['S', 'M', 'L'].map((s) => '<option value="' + s + '"' + (p.sizes.includes(s) ? '' : ' disabled') + '>' + s + '</option>').join('') + '</select></p>' +
    '<button id="add">Add to cart</button> <p id="msg" role="status"></p>';
  document.getElementById('add').addEventListener('click', async () => {
    const size = document.getElementById('size').value;
    if (!size) { document.getElementById('msg').textContent = 'Choose a size first.'; return; }
    const cart = await api('/api/cart/add', { id, size });
    document.getElementById('count').textContent = String(cart.length);
    document.getElementById('msg').innerHTML = 'Added. <a href="#checkout">Go to checkout</a>';
  });
}
async function checkout() {
  const cart = await api('/api/cart', {});
  view.innerHTML = '<h2>Checkout</h2><ul aria-label="Your cart">' + cart.lines.map((l) => '<li>' + esc(l.name) + ', size ' + esc(l.size) + ', ' + esc(l.price) + '</li>').join('') + '</ul>' +
    '<form id="order" method="post" action="/api/order"><p><label>Full name <input name="name" autocomplete="name"></label></p>' +
    '<p><label>Street address <input name="street" autocomplete="street-address"></label></p>' +
    '<p>Total: <strong>' + esc(cart.total) + '</strong></p><button>Place order</button></form><p id="done" role="status"></p>';
  document.getElementById('order').addEventListener('submit', async (event) => {
    event.preventDefault();
    const order = await api('/api/order', Object.fromEntries(new FormData(event.currentTarget)));
    document.getElementById('done').textContent = 'Thank you! Order placed: ' + order.total;
  });
}
function route() {
  const hash = location.hash.slice(1);
  if (hash.startsWith('product/')) product(hash.slice(8));
  else if (hash === 'checkout' || hash === 'cart') checkout();
  else if (query) results();
  else view.innerHTML = '<p>New in: shirts for every season.</p>';
}
document.getElementById('search').addEventListener('submit', (event) => {
  event.preventDefault();
  query = document.getElementById('q').value;
  if (location.hash) history.pushState(null, '', location.pathname);
  results();
});
addEventListener('hashchange', route);
route();
</script></body></html>`;

const listOf = (text: string | null) => (text ? text.split(',').filter(Boolean) : []);

/** The shop's pages and endpoints, backed by `state`. */
export function shopPages(state: ShopState): Record<string, WebPage> {
  const lineOf = (line: { id: string; size: string }) => {
    const product = CATALOGUE.find((entry) => entry.id === line.id);
    return product ? { ...line, product } : null;
  };
  const cart = () => state.cart.map(lineOf).filter((line) => line !== null);
  return {
    '/': APP,
    '/api/search': (url) =>
      json(
        search(
          url.searchParams.get('q') ?? '',
          listOf(url.searchParams.get('colour')),
          listOf(url.searchParams.get('size')),
        ).map((product) => ({ id: product.id, name: product.name, price: price(product.cents) })),
      ),
    '/api/product': (url) => {
      const product = CATALOGUE.find((entry) => entry.id === url.searchParams.get('id'));
      return product
        ? json({ ...product, price: price(product.cents) })
        : { type: 'application/json', body: '{}', status: 404 };
    },
    '/api/cart/add': (url) => {
      const product = CATALOGUE.find((entry) => entry.id === url.searchParams.get('id'));
      const size = url.searchParams.get('size') ?? '';
      if (product && (product.sizes as string[]).includes(size))
        state.cart.push({ id: product.id, size });
      return json(state.cart);
    },
    '/api/cart': () => {
      const lines = cart();
      const total = lines.reduce((sum, line) => sum + line.product.cents, 0);
      return json({
        lines: lines.map((line) => ({
          name: line.product.name,
          size: line.size,
          price: price(line.product.cents),
        })),
        total: price(total),
      });
    },
    '/api/order': (url) => {
      const lines = cart();
      for (const line of lines) {
        state.orders.push({
          item: line.product.name,
          colour: line.product.colour,
          size: line.size,
          price: price(line.product.cents),
          name: url.searchParams.get('name') ?? '',
          street: url.searchParams.get('street') ?? '',
        });
      }
      const total = lines.reduce((sum, line) => sum + line.product.cents, 0);
      state.cart.length = 0;
      return json({ total: price(total) });
    },
  };
}
