import { describe, expect, it } from 'vitest';
import { createRefRegistry } from '../tree/refs';
import { checkOnce, waitForElement } from './wait-element';

function page(html: string) {
  document.body.innerHTML = html;
  return createRefRegistry();
}

const never = new AbortController().signal;

describe('waitForElement', () => {
  it('sees a button that is enabled later, woken by the change, and returns its ref', async () => {
    const refs = page(`<button id="go" disabled>Continue</button>`);
    const go = document.getElementById('go') as HTMLButtonElement;
    const started = performance.now();
    setTimeout(() => (go.disabled = false), 120);
    const answer = await waitForElement(
      document,
      { query: { by: 'role', role: 'button', name: 'continue' }, state: 'enabled', maxMs: 2_000 },
      refs,
      never,
    );
    expect(answer).toEqual({ status: 'met', ref: refs.numberOf(go), target: expect.any(String) });
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('matches a nameless element by role and the text it shows, as the tree shows it', () => {
    const refs = page(`<div role="status" id="s">Results ready</div><div role="status">Idle</div>`);
    expect(
      checkOnce(document, { by: 'role', role: 'status', name: 'results ready' }, 'attached', refs),
    ).toMatchObject({ status: 'met', ref: refs.numberOf(document.getElementById('s')!) });
  });

  it('sees an element added later by the text it shows', async () => {
    const refs = page(`<main></main>`);
    setTimeout(() => {
      document.querySelector('main')!.innerHTML = '<p id="msg">Your order was placed</p>';
    }, 80);
    const answer = await waitForElement(
      document,
      { query: { by: 'text', text: 'order was  PLACED' }, state: 'attached', maxMs: 2_000 },
      refs,
      never,
    );
    expect(answer).toMatchObject({
      status: 'met',
      ref: refs.numberOf(document.getElementById('msg')!),
    });
  });

  it('counts a removed element as hidden, and a dead ref as gone for every other state', () => {
    const refs = page(`<div id="spinner" role="status">Loading</div>`);
    const ref = refs.numberOf(document.getElementById('spinner')!);
    expect(checkOnce(document, { by: 'ref', ref }, 'attached', refs)).toMatchObject({
      status: 'met',
      ref,
    });
    document.getElementById('spinner')!.remove();
    expect(checkOnce(document, { by: 'ref', ref }, 'hidden', refs)).toEqual({
      status: 'met',
      ref: null,
      target: null,
    });
    expect(checkOnce(document, { by: 'ref', ref }, 'visible', refs)).toEqual({ status: 'gone' });
    // A ref this document never handed out (one of an earlier page) is gone too.
    expect(checkOnce(document, { by: 'ref', ref: 999 }, 'attached', refs)).toEqual({
      status: 'gone',
    });
  });

  it('answers after its slice with what the page shows, and at once when stopped', async () => {
    const refs = page(`<button disabled>Pay</button>`);
    const slice = await waitForElement(
      document,
      { query: { by: 'role', role: 'button', name: 'Pay' }, state: 'enabled', maxMs: 100 },
      refs,
      never,
    );
    expect(slice).toMatchObject({ status: 'waiting', seen: 'disabled' });
    const controller = new AbortController();
    const started = performance.now();
    const waiting = waitForElement(
      document,
      { query: { by: 'text', text: 'never shown' }, state: 'attached', maxMs: 3_000 },
      refs,
      controller.signal,
    );
    setTimeout(() => controller.abort(), 30);
    expect(await waiting).toEqual({ status: 'waiting', target: null, seen: 'not on the page' });
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
