import { signal } from '@preact/signals';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../chat/__fixtures__/fake-panel-api';
import { AttachmentsController } from './attachments-controller';
import { DOCUMENT_SITE_PANEL } from '../chat/__fixtures__/site-panel';
import { Composer, isSendKey } from './composer';
import { normalizeEditMode } from './edit-mode';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('Composer', () => {
  it('sends on Enter, not on Shift+Enter, never while an IME composes', () => {
    expect(isSendKey(new KeyboardEvent('keydown', { key: 'Enter' }))).toBe(true);
    expect(isSendKey(new KeyboardEvent('keydown', { key: 'Enter', shiftKey: true }))).toBe(false);
    expect(isSendKey(new KeyboardEvent('keydown', { key: 'Enter', isComposing: true }))).toBe(
      false,
    );
    expect(isSendKey(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 229 }))).toBe(false);
  });

  it('shows Stop while running and Send otherwise', () => {
    const container = document.createElement('div');
    const onSend = vi.fn();
    const onStop = vi.fn();
    const attachments = new AttachmentsController(createFakeApi({}).api, async () => null);
    const props = {
      draft: signal('hello'),
      enabled: true,
      site: DOCUMENT_SITE_PANEL,
      preparing: false,
      editMode: 'ask' as const,
      attachments,
      onSend,
      onStop,
      onEditMode: vi.fn(),
      onAdd: vi.fn(),
    };
    act(() => render(<Composer {...props} running={false} />, container));
    const input = container.querySelector('textarea')!;
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(onSend).toHaveBeenCalledWith('hello');
    act(() => render(<Composer {...props} running={true} />, container));
    (container.querySelector('[data-testid="stop"]') as HTMLButtonElement).click();
    expect(onStop).toHaveBeenCalled();
    expect(container.querySelector('[data-testid="send"]')).toBeNull();
  });

  it('falls back to Ask for unknown edit modes', () => {
    expect(normalizeEditMode('auto')).toBe('auto');
    expect(normalizeEditMode('AUTO')).toBe('ask');
    expect(normalizeEditMode(undefined)).toBe('ask');
  });
});

describe('AttachmentsController', () => {
  it('adds a selection and images, keeps at most two thumbnails, and drops attachments of other tabs', async () => {
    const fake = createFakeApi({
      'context/read-selection': () => ({ text: 'let x = 1', fileLabel: 'main.typ' }),
      'context/capture-preview': () => ({ dataUrl: PNG, width: 10, height: 10 }),
    });
    const thumbs = vi.fn(async () => 'data:image/webp;base64,AAAA');
    const attachments = new AttachmentsController(fake.api, thumbs);
    await attachments.add('selection', 1);
    for (let index = 0; index < 3; index += 1) await attachments.add('preview', 1);
    await attachments.add('selection', 2);
    const { attachments: sent, records } = await attachments.refreshFor(1);
    expect(sent.map((item) => item.kind)).toEqual(['selection', 'image', 'image', 'image']);
    const images = records.filter((record) => record.kind === 'image');
    expect(images.filter((record) => record.thumbnail !== null)).toHaveLength(2);
    expect(images[2]).toMatchObject({ thumbnail: null, omittedReason: expect.any(String) });
    expect(attachments.status.value).toContain('another tab');
  });

  it('refuses images that are not png/jpeg/webp data URLs and never thumbnails them', async () => {
    const thumbs = vi.fn(async () => 'data:image/webp;base64,AAAA');
    const fake = createFakeApi({
      'context/capture-preview': () => ({
        dataUrl: 'data:image/svg+xml;base64,PHN2Zz4=',
        width: 1,
        height: 1,
      }),
    });
    const attachments = new AttachmentsController(fake.api, thumbs);
    await attachments.add('preview', 1);
    expect(attachments.items.value).toHaveLength(0);
    expect(thumbs).not.toHaveBeenCalled();
    expect(attachments.error.value?.code).toBe('INVALID_RESPONSE');
  });
});
