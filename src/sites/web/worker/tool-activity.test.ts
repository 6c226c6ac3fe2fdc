import { describe, expect, it } from 'vitest';
import {
  describeActivity,
  type JsonValue,
  type ToolDefinition,
  type ToolOutcome,
} from '../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../worker/tools/untrusted-content';
import { workerSite } from './web.worker';

const tool = (name: string): ToolDefinition<unknown> => {
  const found = workerSite.tools.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found as ToolDefinition<unknown>;
};
const line = (name: string, args: unknown, outcome?: ToolOutcome) =>
  describeActivity(tool(name), args, outcome);
const done = (result: JsonValue): ToolOutcome => ({ ok: true, result, summary: '' });
const acted = (target: string) =>
  done({ done: 'Clicked e12.', ...untrustedPageData('the page after the action', { target }) });

describe('web page activity lines', () => {
  it('names the element an action reached by its own name, else by its ref', () => {
    expect(line('click', { ref: 'e12' }, acted('button.buy "Add to cart"'))).toBe(
      "Clicked 'Add to cart'",
    );
    expect(line('click', { ref: 'e12' })).toBe('Clicked e12');
    expect(line('click', { ref: 'e12' }, acted('div.icon'))).toBe('Clicked e12');
    expect(line('set_checked', { ref: 'e3', checked: false }, acted('input "Newsletter"'))).toBe(
      "Unchecked 'Newsletter'",
    );
    expect(
      line(
        'type',
        { ref: 'e4', text: 'socks', clear: false, submit: true },
        acted('input "Search"'),
      ),
    ).toBe("Typed 5 characters into 'Search' and pressed Enter");
    expect(line('hover', { ref: 'e9' })).toBe('Pointed at e9');
  });

  it('counts what a search found', () => {
    expect(line('find_text', { text: 'price' }, done({ total: 3 }))).toBe(
      "Searched the page for 'price': 3 matches",
    );
    expect(line('find_text', { text: 'price' }, done({ total: 1 }))).toBe(
      "Searched the page for 'price': 1 match",
    );
    expect(line('find_text', { text: 'price' })).toBe("Searched the page for 'price'");
  });

  it('describes moving around and reading the page', () => {
    expect(line('press_keys', { keys: ['Tab'], repeat: 3 })).toBe('Pressed Tab 3 times');
    expect(line('navigate', { url: 'https://shop.example/cart', force: false })).toBe(
      'Went to https://shop.example/cart',
    );
    expect(line('go_back', { force: false })).toBe('Went back a page');
    expect(line('scroll_page', { direction: 'bottom' })).toBe('Scrolled to the bottom of the page');
    expect(line('scroll_page', { direction: 'down' })).toBe('Scrolled down');
    expect(line('read_page', {})).toBe('Read the page');
    expect(line('get_accessibility_tree', { filter: 'interactive' })).toBe(
      'Looked at the page controls',
    );
  });

  it('describes waiting, dragging and finishing', () => {
    expect(line('wait_for_element', { role: 'dialog', name: 'Saved', state: 'visible' })).toBe(
      "Waited for dialog 'Saved' to be visible",
    );
    expect(line('wait_for_element', { ref: 'e5', state: 'hidden' })).toBe(
      'Waited for e5 to be hidden',
    );
    expect(line('drag', { from: 'e3', to: 'e5' }, acted('li "Alpha"'))).toBe(
      "Dragged 'Alpha' onto e5",
    );
    expect(line('done', { summary: 'Saved', outcome: 'partial' }, done({}))).toBe('Partly done');
    expect(
      line(
        'done',
        { summary: 'Saved', outcome: 'success' },
        {
          ok: false,
          code: 'DONE_UNVERIFIED',
          message: 'Not finished yet',
        },
      ),
    ).toBe('Checked the page before finishing');
  });
});
