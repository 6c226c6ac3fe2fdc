// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createRefRegistry } from '../tree/refs';
import { MAX_SELECTION_CHARS, readSelection } from './selection';

const open = (element: Element) => element.shadowRoot;

describe('readSelection', () => {
  it('reads the page selection, bounded with its true length', () => {
    document.body.innerHTML = `<p id="short">The river lane</p><p id="long">${'x'.repeat(MAX_SELECTION_CHARS + 10)}</p>`;
    const selection = document.getSelection() as Selection;
    selection.selectAllChildren(document.getElementById('short') as Element);
    expect(readSelection(createRefRegistry(), open)).toMatchObject({
      source: 'page',
      text: 'The river lane',
      truncated: false,
    });
    selection.selectAllChildren(document.getElementById('long') as Element);
    const long = readSelection(createRefRegistry(), open);
    expect(long.text).toHaveLength(MAX_SELECTION_CHARS);
    expect(long).toMatchObject({ totalChars: MAX_SELECTION_CHARS + 10, truncated: true });
  });

  it('reads the selected part of the focused field, with its ref', () => {
    document.body.innerHTML = '<input id="q" value="cheap flights to Lisbon">';
    const field = document.getElementById('q') as HTMLInputElement;
    field.focus();
    field.setSelectionRange(6, 13);
    const refs = createRefRegistry();
    const answer = readSelection(refs, open);
    expect(answer).toMatchObject({ source: 'field', text: 'flights' });
    expect(refs.elementOf(answer.fieldRef as number)).toBe(field);
  });

  it('never reads a selection in a password or card field', () => {
    document.body.innerHTML =
      '<input id="pw" type="password" value="hunter2"><input id="cc" autocomplete="cc-number" value="4111111111111111">';
    for (const [id, reason] of [
      ['pw', 'password'],
      ['cc', 'payment-card'],
    ] as const) {
      const field = document.getElementById(id) as HTMLInputElement;
      field.focus();
      field.select();
      const answer = readSelection(createRefRegistry(), open);
      expect(answer).toMatchObject({ source: 'field', text: '', withheld: reason });
      expect(JSON.stringify(answer)).not.toMatch(/hunter2|4111/);
    }
  });

  it('says nothing is selected when nothing is', () => {
    document.body.innerHTML = '<p>text</p>';
    document.getSelection()?.removeAllRanges();
    (document.activeElement as HTMLElement | null)?.blur();
    expect(readSelection(createRefRegistry(), open)).toEqual({
      source: 'none',
      text: '',
      totalChars: 0,
      truncated: false,
      fieldRef: null,
      withheld: null,
      focusedFrameRef: null,
    });
  });
});
