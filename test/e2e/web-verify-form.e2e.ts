// verify_form through a real run in Chromium: on a sign-up form with an address that
// is not one, an unticked required box, a filled password and a card number, the
// model learns which fields the form would refuse and why, what each holds, and that
// the password and card are filled, without their values anywhere in what it got.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTools } from '../support/tool-runs';
import { startWebRunRig, type WebRunRig } from '../support/web-run-rig';

const HOST = 'signup.example';
const PASSWORD = 'Tr0ub4dor&3-horse';
const CARD = '4242 4242 4242 4242';
const PAGE = `<!doctype html><title>Sign up</title><h1>Create your account</h1>
<form name="signup" action="/join" method="post">
  <label>Full name <input name="name" value="Ada Lovelace" required></label>
  <label>Email <input name="email" type="email" value="ada-at-example" required></label>
  <label>Password <input name="password" type="password" required></label>
  <label>Card number <input name="cc" autocomplete="cc-number"></label>
  <label>Age <input name="age" type="number" min="18" value="12"></label>
  <label><input type="checkbox" name="terms" required> I agree to the terms</label>
  <button>Create account</button>
</form>
<script>
  document.querySelector('[name=password]').value = ${JSON.stringify(PASSWORD)};
  document.querySelector('[name=cc]').value = ${JSON.stringify(CARD)};
  addEventListener('invalid', () => { document.body.dataset.invalidEvents = 'fired'; }, true);
</script>`;

let rig: WebRunRig;

beforeAll(async () => {
  rig = await startWebRunRig({ [HOST]: { '/': PAGE } }, HOST);
}, 120_000);

afterAll(async () => rig?.close());

describe('verify_form', () => {
  it('names what the form would refuse, and says secrets are filled without showing them', async () => {
    const before = rig.models.requests.length;
    const outcome = await runTools(
      { driver: rig.driver, models: rig.models, modelId: rig.modelId },
      [{ name: 'verify_form', arguments: {} }],
      { prompt: 'Fill in the sign up form for me.' },
    );
    const result = outcome.results[0] as Record<string, any>;
    expect(result['ok']).toBe(true);
    const [form] = result['result']['untrusted_page_content']['content']['forms'];
    expect(form.ready).toBe(false);
    expect(form.problems).toEqual([
      { field: 'Email', problem: 'not a valid email' },
      { field: 'Age', problem: 'below the lowest allowed (18)' },
      { field: 'I agree to the terms', problem: 'required and not filled in' },
    ]);
    const state = Object.fromEntries(
      form.fields.map((field: { label: string; state: string }) => [field.label, field.state]),
    );
    expect(state).toMatchObject({
      'Full name': 'filled',
      Password: 'filled (value not shown)',
      'Card number': 'filled (value not shown)',
      'I agree to the terms': 'not checked',
    });
    // Nothing the model received carries the password or the card, and the page's
    // own `invalid` handlers were not set off by the check.
    const sent = JSON.stringify(rig.models.requests.slice(before).map((request) => request.body));
    expect(sent).not.toContain(PASSWORD);
    expect(sent).not.toContain(CARD);
    expect(sent).not.toContain('4242424242424242');
    expect(await rig.tab.evaluate(() => document.body.dataset['invalidEvents'])).toBeUndefined();
  });

  it('is offered only when the person asks to fill something in', async () => {
    const before = rig.models.requests.length;
    await runTools(
      { driver: rig.driver, models: rig.models, modelId: rig.modelId },
      [{ name: 'get_window_info', arguments: {} }],
      { prompt: 'What is this page about?' },
    );
    const offered = rig.models.requests
      .slice(before)
      .flatMap(
        (request) => (request.body as { tools?: { function: { name: string } }[] }).tools ?? [],
      )
      .map((tool) => tool.function.name);
    expect(offered).toContain('get_window_info');
    expect(offered).not.toContain('verify_form');
  });
});
