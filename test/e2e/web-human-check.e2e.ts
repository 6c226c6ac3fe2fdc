// A sign-up page with a reCAPTCHA frame, in real Chromium through a real agent run:
// the tree marks the widget as a human check from its vendor's address (the frame's
// site is not allowed, so it is not read), and the observation's own notes tell the
// model to hand it to the person. When the person allowed the widget's site and the
// frame is read, the mark stands above its lines all the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTreeRuns, treeText, type TreeRuns } from '../support/web-fixtures/tree-runs';

const SIGN_UP = `<!doctype html><title>Sign up</title><h1>Create your account</h1>
<form><label>Email <input type="email"></label>
<iframe title="reCAPTCHA" src="https://www.google.com/recaptcha/api2/anchor?k=site-key-123"></iframe>
<iframe title="Map" src="https://maps.shop-assets.example/embed?token=t0k3n"></iframe>
<button>Create account</button></form>`;

const WIDGET = `<!doctype html><label><input type="checkbox"> I'm not a robot</label>`;

let runs: TreeRuns;

beforeAll(async () => {
  runs = await startTreeRuns({
    'shop.example': { '/': SIGN_UP },
    'www.google.com': { '/recaptcha/api2/anchor': WIDGET, '/': '<!doctype html><p>Google</p>' },
    'maps.shop-assets.example': { '/embed': '<!doctype html><p>Map</p>' },
  });
}, 120_000);

afterAll(async () => runs?.close());

describe('human checks in the tree', () => {
  it('marks an unread CAPTCHA frame and tells the model to ask the person', async () => {
    const tab = await runs.open('shop.example');
    const [result] = await tab.call([{ name: 'get_accessibility_tree', arguments: {} }]);
    const tree = treeText(result!);
    expect(tree).toContain(
      '# frame not read: a human check (reCAPTCHA) from www.google.com; only the person may solve it',
    );
    expect(tree).toContain('(frame site: maps.shop-assets.example)');
    expect(tree).not.toContain('t0k3n');
    expect(tree).not.toContain("I'm not a robot");
    expect(JSON.stringify(result)).toContain(
      'A human check (reCAPTCHA) is on this page. Do not click or try to solve it: ask the person to solve it on the page, then observe again.',
    );
    await tab.close();
  });

  it('keeps the mark above the widget when its site is allowed and the frame is read', async () => {
    const tab = await runs.open('shop.example', '/', ['www.google.com']);
    const [result] = await tab.call([{ name: 'get_accessibility_tree', arguments: {} }]);
    const tree = treeText(result!);
    const mark = tree.indexOf('# a human check (reCAPTCHA) follows; only the person may solve it');
    expect(mark).toBeGreaterThan(-1);
    expect(tree.search(/not a robot/)).toBeGreaterThan(mark);
    expect(JSON.stringify(result)).toContain('A human check (reCAPTCHA) is on this page.');
    await tab.close();
  });
});
