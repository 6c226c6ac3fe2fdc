import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { ApprovedPlan } from './approved-plan';

const HOSTILE = '<img src=x onerror="window.__pwned=1">';

describe('the approved plan of an answer', () => {
  it('is one closed line with the step count, and shows the approved steps as text', () => {
    const container = document.createElement('div');
    act(() =>
      render(
        <ApprovedPlan
          plan={{
            summary: `Scroll ${HOSTILE}`,
            steps: ['Scroll down', 'Read the reviews'],
            risks: [],
            remember: [],
            scheduling: { fits: false, note: '' },
          }}
        />,
        container,
      ),
    );
    const details = container.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')?.textContent).toBe('Approved plan \u00b7 2 steps');
    expect([...details.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Scroll down',
      'Read the reviews',
    ]);
    expect(details.querySelector('p')?.textContent).toBe(`Scroll ${HOSTILE}`);
    expect(container.querySelector('img')).toBeNull();
  });
});
