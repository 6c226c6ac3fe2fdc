import { signal } from '@preact/signals';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../chat/__fixtures__/fake-panel-api';
import { DOCUMENT_SITE_PANEL } from '../chat/__fixtures__/site-panel';
import { AttachmentsController } from '../composer/attachments-controller';
import { Composer } from '../composer/composer';
import { typedCommandName } from './command-palette';
import { SLASH_COMMANDS } from './command-registry';

function mount(initial = '') {
  const container = document.createElement('div');
  document.body.append(container);
  const draft = signal(initial);
  const onSend = vi.fn();
  const attachments = new AttachmentsController(createFakeApi({}).api, async () => null);
  const props = {
    draft,
    enabled: true,
    site: DOCUMENT_SITE_PANEL,
    running: false,
    preparing: false,
    editMode: 'ask' as const,
    attachments,
    onSend,
    onStop: vi.fn(),
    onEditMode: vi.fn(),
    onAdd: vi.fn(),
  };
  const rerender = () => act(() => render(<Composer {...props} />, container));
  rerender();
  const input = container.querySelector('textarea')!;
  const type = (value: string) => {
    act(() => {
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };
  const key = (name: string) =>
    act(() => {
      input.dispatchEvent(
        new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }),
      );
    });
  const options = () =>
    [...container.querySelectorAll('[role="option"]')].map((option) => option.id);
  return { container, draft, onSend, input, type, key, options };
}

describe('typedCommandName', () => {
  it('is the name while only /name is typed', () => {
    expect(typedCommandName('/')).toBe('');
    expect(typedCommandName('/rem')).toBe('rem');
    expect(typedCommandName('/remember tea')).toBeNull();
    expect(typedCommandName(' /new')).toBeNull();
    expect(typedCommandName('hello')).toBeNull();
  });
});

describe('the command palette', () => {
  it('opens on /, filters as you type, and is a combobox with a listbox', () => {
    const view = mount();
    expect(view.input.getAttribute('aria-expanded')).toBe('false');
    view.type('/');
    expect(view.input.getAttribute('role')).toBe('combobox');
    expect(view.input.getAttribute('aria-expanded')).toBe('true');
    expect(view.input.getAttribute('aria-controls')).toBe('command-palette');
    expect(view.options()).toHaveLength(SLASH_COMMANDS.length);
    view.type('/for');
    expect(view.options()).toEqual(['command-option-forget-memory']);
    view.type('/xyz');
    expect(view.container.querySelector('[role="listbox"]')).toBeNull();
  });

  it('moves with the arrow keys and fills a command that needs text on Enter', () => {
    const view = mount();
    view.type('/');
    view.key('ArrowDown');
    view.key('ArrowDown');
    expect(view.input.getAttribute('aria-activedescendant')).toBe('command-option-forget-memory');
    view.key('ArrowUp');
    view.key('ArrowUp');
    view.key('ArrowUp');
    // Wraps from the first to the last.
    expect(view.input.getAttribute('aria-activedescendant')).toBe(
      `command-option-${SLASH_COMMANDS[SLASH_COMMANDS.length - 1]?.name ?? ''}`,
    );
    view.type('/rem');
    view.key('Enter');
    expect(view.draft.value).toBe('/remember ');
    expect(view.onSend).not.toHaveBeenCalled();
  });

  it('runs a command that needs no text on Enter, and on a click', () => {
    const view = mount();
    view.type('/show');
    view.key('Enter');
    expect(view.onSend).toHaveBeenCalledWith('/show-memory');
    expect(view.draft.value).toBe('');
    view.type('/ne');
    act(() => (view.container.querySelector('#command-option-new') as HTMLElement).click());
    expect(view.onSend).toHaveBeenLastCalledWith('/new');
  });

  it('closes on Escape and sends the typed text as it is afterwards', () => {
    const view = mount();
    view.type('/new');
    view.key('Escape');
    expect(view.container.querySelector('[role="listbox"]')).toBeNull();
    view.key('Enter');
    expect(view.onSend).toHaveBeenCalledWith('/new');
  });
});
