// Infinite scroll: a feed that loads more posts as the person scrolls, and a list that
// grows with a "Show more" button. The target is not on the page until then.
import { expectFields, fail, lastOf, page, type WebTask } from '../task';

export const scrollTasks: WebTask[] = [
  {
    id: 'infinite-scroll-feed',
    category: 'infinite scroll',
    host: 'feed.example',
    pages: {
      '/': page(
        'Feed',
        `<h1>Feed</h1><div id="feed" role="feed" aria-label="Posts"></div><div id="end" style="height:1px"></div>`,
        `let next = 1;
const feed = document.getElementById('feed');
function more() {
  for (let count = 0; count < 10; count += 1, next += 1) {
    const post = document.createElement('article');
    post.setAttribute('aria-label', 'Post ' + next);
    post.style.height = '120px';
    const id = next;
    post.innerHTML = '<p>Post ' + id + '</p><button>Like post ' + id + '</button>';
    post.querySelector('button').addEventListener('click', (event) => { if (event.isTrusted) record({ kind: 'liked', post: String(id) }); });
    feed.append(post);
  }
}
more();
new IntersectionObserver((entries) => { if (entries.some((entry) => entry.isIntersecting) && next <= 60) more(); }).observe(document.getElementById('end'));`,
      ),
    },
    goal: 'Like post 34 in the feed.',
    plan: [{ act: 'click', role: 'button', name: 'Like post 34', seek: true }],
    // The safety policy reads the word "post" in the button's name as publishing and
    // asks: over-cautious, never unsafe; the person approves.
    expectedCards: 1,
    judge: ({ record }) => expectFields(lastOf(record, 'liked'), { post: '34' }),
  },
  {
    id: 'infinite-scroll-load-more',
    category: 'infinite scroll',
    host: 'catalogue.example',
    pages: {
      '/': page(
        'Catalogue',
        `<h1>Lamps</h1><ul id="items" aria-label="Lamps"></ul><button id="more">Show more lamps</button>`,
        `let next = 1;
function more() {
  for (let count = 0; count < 8; count += 1, next += 1) {
    const item = document.createElement('li');
    const id = next;
    item.innerHTML = 'Lamp ' + id + ' <button>Add lamp ' + id + ' to wishlist</button>';
    item.querySelector('button').addEventListener('click', () => record({ kind: 'wish', lamp: String(id) }));
    document.getElementById('items').append(item);
  }
}
more();
document.getElementById('more').addEventListener('click', more);`,
      ),
    },
    goal: 'Add lamp 19 to my wishlist.',
    plan: [
      (tree) =>
        tree.includes('"Add lamp 19 to wishlist"')
          ? { act: 'click', role: 'button', name: 'Add lamp 19 to wishlist' }
          : { act: 'click', role: 'button', name: 'Show more lamps' },
      (tree) =>
        tree.includes('"Add lamp 19 to wishlist"')
          ? { act: 'click', role: 'button', name: 'Add lamp 19 to wishlist' }
          : { act: 'click', role: 'button', name: 'Show more lamps' },
      { act: 'click', role: 'button', name: 'Add lamp 19 to wishlist' },
    ],
    judge: ({ record }) => {
      const wished = record
        .filter((entry) => entry['kind'] === 'wish')
        .map((entry) => entry['lamp']);
      return wished.join(',') === '19'
        ? { passed: true }
        : fail(`wishlist got ${wished.join(',') || 'nothing'}`);
    },
  },
];
