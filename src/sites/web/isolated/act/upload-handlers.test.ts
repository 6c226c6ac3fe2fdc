import { describe, expect, it } from 'vitest';
import type { RefRegistry } from '../tree/refs';
import { fileInputOf, startUploadHandlers } from './upload-handlers';

function page(html: string) {
  document.body.innerHTML = html;
  const byId = (id: string) => {
    const element = document.getElementById(id);
    if (!element) throw new Error(`no #${id}`);
    return element;
  };
  return byId;
}

/** Handlers whose ref 1 names `element`. */
const handlersFor = (element: Element) =>
  startUploadHandlers({ elementOf: (ref: number) => (ref === 1 ? element : null) } as RefRegistry);

describe('fileInputOf', () => {
  it('finds the input itself, a label’s control, one inside a button, one aria-controls names, one beside a button', () => {
    const byId = page(`
      <input id="direct" type="file">
      <label id="label" for="labelled">Résumé</label><input id="labelled" type="file">
      <div id="drop" role="button">Drop here<input id="inner" type="file" hidden></div>
      <button id="named" aria-controls="far">Choose</button><p><input id="far" type="file"></p>
      <div><button id="beside">Upload</button><input id="sibling" type="file" hidden></div>`);
    expect(fileInputOf(byId('direct'))?.id).toBe('direct');
    expect(fileInputOf(byId('label'))?.id).toBe('labelled');
    expect(fileInputOf(byId('drop'))?.id).toBe('inner');
    expect(fileInputOf(byId('named'))?.id).toBe('far');
    expect(fileInputOf(byId('beside'))?.id).toBe('sibling');
  });

  it('finds none for a text field, or for a button among two file inputs', () => {
    const byId = page(`
      <input id="text" type="text">
      <div><button id="two">Upload</button><input type="file"><input type="file"></div>`);
    expect(fileInputOf(byId('text'))).toBeNull();
    expect(fileInputOf(byId('two'))).toBeNull();
  });
});

describe('upload handlers', () => {
  it('reports the input’s accept and multiple attributes through its label', async () => {
    const byId = page(
      '<label id="label">Photo <input id="photo" type="file" accept="image/*,.heic" multiple></label>',
    );
    const answer = await handlersFor(byId('label'))['web/upload-target']({ ref: 1 }, {} as never);
    expect(answer).toMatchObject({
      status: 'found',
      target: 'input#photo "Photo"',
      accept: 'image/*,.heic',
      multiple: true,
    });
  });

  it('refuses an element that owns no file input, naming it', async () => {
    const byId = page('<button id="save">Save</button>');
    const answer = await handlersFor(byId('save'))['web/upload-target']({ ref: 1 }, {} as never);
    expect(answer).toEqual({ status: 'not-file-input', target: 'button#save "Save"' });
  });

  it('sets the exact bytes as one file and fires bubbling input and change', async () => {
    const byId = page('<form id="form"><input id="file" type="file"></form>');
    const seen: string[] = [];
    let text = '';
    byId('form').addEventListener('input', () => seen.push('input'));
    byId('form').addEventListener('change', (event) => {
      seen.push('change');
      const chosen = (event.target as HTMLInputElement).files?.[0];
      void chosen?.text().then((value) => (text = value));
    });
    const answer = await handlersFor(byId('file'))['web/upload-set'](
      { ref: 1, name: 'notes.txt', type: 'text/plain', base64: btoa('Order 42') },
      {} as never,
    );
    expect(answer).toMatchObject({ status: 'set', files: [{ name: 'notes.txt', size: 8 }] });
    expect(seen).toEqual(['input', 'change']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(text).toBe('Order 42');
    const held = (byId('file') as HTMLInputElement).files?.[0];
    expect(held?.type).toBe('text/plain');
  });

  it('answers gone for a ref that names nothing', async () => {
    page('');
    const handlers = startUploadHandlers({ elementOf: () => null } as unknown as RefRegistry);
    expect(
      await handlers['web/upload-set']({ ref: 1, name: 'a', type: '', base64: '' }, {} as never),
    ).toEqual({
      status: 'gone',
    });
  });
});
