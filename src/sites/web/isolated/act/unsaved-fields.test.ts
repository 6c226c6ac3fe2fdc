import { describe, expect, it } from 'vitest';
import { unsavedFields } from './unsaved-fields';

describe('unsavedFields', () => {
  it('finds typed text, a changed box and a chosen option, and nothing on a fresh form', () => {
    document.body.innerHTML = `<form>
      <input id="name" aria-label="Name" value="Ada">
      <input id="agree" type="checkbox" aria-label="Agree">
      <select id="size" aria-label="Size"><option>S</option><option>M</option></select>
      <input id="q" type="search" aria-label="Search">
      <textarea id="note" aria-label="Note"></textarea></form>`;
    expect(unsavedFields(document)).toEqual([]);
    (document.getElementById('name') as HTMLInputElement).value = 'Ada L';
    (document.getElementById('agree') as HTMLInputElement).checked = true;
    (document.getElementById('size') as HTMLSelectElement).value = 'M';
    (document.getElementById('q') as HTMLInputElement).value = 'red shirt';
    const found = unsavedFields(document);
    expect(found).toHaveLength(3);
    expect(found.join(' ')).toContain('Name');
    expect(found.join(' ')).not.toContain('Search');
  });
});
