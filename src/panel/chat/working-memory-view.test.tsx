import { describe, expect, it } from 'vitest';
import { render } from 'preact';
import type { WorkingMemory } from '../../shared/protocol/working-memory';
import { WorkingMemoryView } from './working-memory-view';

const MEMORY: WorkingMemory = {
  scratchpad: 'Total so far: 30 <b>EUR</b>',
  droppedLines: 0,
  rows: [
    { id: 'A-1', status: 'processed', fields: [{ name: 'total', value: '10 EUR' }] },
    { id: 'A-2', status: 'acted', fields: [] },
    { id: '<img src=x>', status: 'failed', fields: [] },
  ],
};
const PLAN = {
  summary: 'Check the orders.',
  steps: ['Read each order', 'Note its total'],
  risks: [],
  remember: [],
  scheduling: { fits: false, note: '' },
};

function mount(live: boolean, plan: typeof PLAN | null = PLAN) {
  const host = document.createElement('div');
  render(<WorkingMemoryView plan={plan ?? undefined} memory={MEMORY} live={live} />, host);
  return host;
}

describe('the working-memory checklist', () => {
  it('shows the plan, each row with its status in words, progress and the notes', () => {
    const host = mount(true);
    expect(host.querySelector('[data-testid="ledger-progress"]')?.textContent).toBe(
      'Checklist \u00b7 2 of 3 finished',
    );
    const plan = host.querySelector('details.working-memory-plan') as HTMLDetailsElement;
    expect(plan.open).toBe(true);
    expect([...plan.querySelectorAll('li')].map((item) => item.textContent)).toEqual(PLAN.steps);
    const rows = [...host.querySelectorAll('[data-testid="ledger-row"]')];
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual([
      'processed',
      'acted',
      'failed',
    ]);
    expect(rows[0]?.textContent).toContain('done');
    expect(rows[0]?.textContent).toContain('total: 10 EUR');
    expect(rows[1]?.textContent).toContain('in progress');
    expect(host.querySelector('[data-testid="scratchpad"] pre')?.textContent).toBe(
      MEMORY.scratchpad,
    );
  });

  it('keeps model text as text and closes the plan on a stored answer', () => {
    const host = mount(false);
    expect(host.querySelector('img')).toBeNull();
    expect(host.querySelector('b')).toBeNull();
    expect((host.querySelector('details.working-memory-plan') as HTMLDetailsElement).open).toBe(
      false,
    );
    expect(mount(false, null).querySelector('details.working-memory-plan')).toBeNull();
  });
});
