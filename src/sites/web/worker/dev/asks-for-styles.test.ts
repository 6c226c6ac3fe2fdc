import { describe, expect, it } from 'vitest';
import { asksForStyles } from './asks-for-styles';
import { inspectElementStylesTool } from './inspect-element-styles.tool';

describe('offering inspect_element_styles', () => {
  it('follows words about how the page looks', () => {
    for (const text of [
      'Why is this button blue? Check its CSS',
      'fix the layout',
      'the font looks wrong',
    ])
      expect(asksForStyles([text])).toBe(true);
    expect(asksForStyles(['Read me the source of this page'])).toBe(false);
    expect(inspectElementStylesTool.offerWhen?.(['what colour is the header'])).toBe(true);
    expect(inspectElementStylesTool.offerWhen?.(['summarise the page'])).toBe(false);
  });
});
