import { describe, expect, it } from 'vitest';
import { claimsSuccess, editStepOf, verifyDone, type DonePageFacts } from './done-check';

const CLEAN: DonePageFacts = {
  url: 'https://tracker.example/issues/42',
  dialogs: [],
  unsavedFields: [],
};

describe('editStepOf', () => {
  it.each([
    ['https://tracker.example/issues/new', 'new'],
    ['https://tracker.example/issues/42/edit', 'edit'],
    ['https://cms.example/post.php?action=edit&post=7', 'edit'],
    ['https://cms.example/items?create=1', 'create'],
    ['https://tracker.example/issues/42', null],
    ['https://news.example/newsletter', null],
    ['https://shop.example/?q=edit', null],
    ['not a url', null],
  ])('%s -> %s', (url, expected) => {
    expect(editStepOf(url)).toBe(expected);
  });
});

describe('claimsSuccess', () => {
  it('counts success, and a partial outcome whose summary says it saved or created', () => {
    expect(claimsSuccess('success', 'All good')).toBe(true);
    expect(claimsSuccess('partial', 'Created the issue, no labels')).toBe(true);
    expect(claimsSuccess('partial', 'Filled in the form; you still need to choose a date')).toBe(
      false,
    );
    expect(claimsSuccess('failed', 'The issue was not created')).toBe(false);
  });
});

describe('verifyDone', () => {
  it('passes a success claim on a page with nothing left open', () => {
    expect(verifyDone('success', 'Created issue #42', CLEAN, 0)).toEqual({ kind: 'pass' });
  });

  it('blocks a success claim while a dialog is open, a form is dirty or the address edits', () => {
    const dialog = verifyDone('success', 'Saved', { ...CLEAN, dialogs: ['dialog "Confirm"'] }, 0);
    expect(dialog).toMatchObject({ kind: 'block', reasons: [expect.stringContaining('dialog')] });
    const form = verifyDone(
      'success',
      'Saved',
      { ...CLEAN, unsavedFields: ['textbox "Title"'] },
      1,
    );
    expect(form).toMatchObject({ kind: 'block', reasons: [expect.stringContaining('Title')] });
    const url = verifyDone('success', 'Saved', { ...CLEAN, url: `${CLEAN.url}/edit` }, 0);
    expect(url).toMatchObject({ kind: 'block', reasons: [expect.stringContaining('"edit"')] });
  });

  it('lets the claim through with a note after two blocks', () => {
    const facts = { ...CLEAN, dialogs: ['dialog "Confirm"'] };
    expect(verifyDone('success', 'Saved', facts, 2)).toMatchObject({
      kind: 'pass-with-note',
      reasons: [expect.stringContaining('dialog')],
    });
  });

  it('never blocks an honest failed or partial outcome', () => {
    const facts = { ...CLEAN, dialogs: ['dialog "Error"'], unsavedFields: ['textbox "Title"'] };
    expect(verifyDone('failed', 'Could not save: the site showed an error', facts, 0)).toEqual({
      kind: 'pass',
    });
    expect(
      verifyDone('partial', 'Title typed; you still need to press the button', facts, 0),
    ).toEqual({
      kind: 'pass',
    });
  });
});
