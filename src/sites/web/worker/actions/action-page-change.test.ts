import { describe, expect, it } from 'vitest';
import { actContext } from './__fixtures__/act-context';
import { actionOutcome } from './action-result';

const before = {
  url: 'https://shop.example/cart',
  focused: null,
  dialogs: [],
  element: null,
  leaving: false,
};

describe('what an action tells the automatic screenshots', () => {
  it('says the page changed, went to another address, or nothing; a refused page is no change', () => {
    const { context } = actContext({});
    const outcomeOf = (after: Parameters<typeof actionOutcome>[2]) =>
      actionOutcome('Clicked.', 'button "Next"', after, before, 'Clicked', context);
    const stayed = outcomeOf({ url: before.url, state: before, arrival: null });
    expect(stayed.ok && stayed.pageChange).toBeUndefined();
    const opened = outcomeOf({
      url: before.url,
      state: { ...before, dialogs: ['dialog "Menu"'] },
      arrival: null,
    });
    expect(opened.ok && opened.pageChange).toBe('changed');
    const hashMoved = outcomeOf({ url: `${before.url}#reviews`, state: before, arrival: null });
    expect(hashMoved.ok && hashMoved.pageChange).toBe('navigated');
    const went = outcomeOf({
      url: before.url,
      state: null,
      arrival: { url: 'https://shop.example/login', refused: null },
    });
    expect(went.ok && went.pageChange).toBe('navigated');
    const refused = outcomeOf({
      url: before.url,
      state: null,
      arrival: {
        url: 'https://tracker.example/',
        refused: { code: 'INPUT_NOT_ALLOWED', message: 'Not allowed.' },
      },
    });
    expect(refused).not.toHaveProperty('pageChange');
  });
});
