import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { DiffView } from '../../../shared/protocol/diff-view';
import { DiffReview } from './diff-review';
import { PendingView } from './pending-view';

const HOSTILE = '<img src=x onerror="window.__pwned=1">';
const DIFF: DiffView = {
  fileLabel: 'chapters/<b>intro</b>.typ',
  additions: 2,
  deletions: 1,
  truncated: false,
  hunks: [
    {
      oldStart: 3,
      oldLines: 2,
      newStart: 3,
      newLines: 3,
      rows: [
        { kind: 'context', oldLine: 3, newLine: 3, text: 'same' },
        { kind: 'delete', oldLine: 4, text: HOSTILE },
        { kind: 'insert', newLine: 4, text: 'x'.repeat(5_000) },
        { kind: 'insert', newLine: 5, text: 'new' },
      ],
    },
  ],
};

function mount(node: preact.ComponentChild) {
  const container = document.createElement('div');
  document.body.append(container);
  act(() => render(node, container));
  return container;
}

describe('DiffReview', () => {
  it('shows file, +N −M, hunk header and old/new line numbers, all as text', () => {
    const container = mount(
      <DiffReview diff={DIFF} busy={false} onApply={() => undefined} onReject={() => undefined} />,
    );
    expect(container.querySelector('.diff-file')?.textContent).toBe('chapters/<b>intro</b>.typ');
    expect(container.querySelector('.diff-add')?.textContent).toBe('+2');
    expect(container.querySelector('.diff-del')?.textContent).toBe('\u22121');
    expect(container.querySelector('.diff-hunk-head')?.textContent).toBe('@@ -3,2 +3,3 @@');
    const rows = [...container.querySelectorAll('.diff-row')].map((row) =>
      [...row.querySelectorAll('.diff-ln')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['3', '3'],
      ['4', ''],
      ['', '4'],
      ['', '5'],
    ]);
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.querySelector('.diff-delete .diff-text')?.textContent).toBe(HOSTILE);
    act(() => render(null, container));
  });

  it('applies on Ctrl/Cmd+Enter and rejects on Escape', () => {
    const onApply = vi.fn();
    const onReject = vi.fn();
    const container = mount(
      <DiffReview diff={DIFF} busy={false} onApply={onApply} onReject={onReject} />,
    );
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true }));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', metaKey: true }));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(onApply).toHaveBeenCalledTimes(2);
    expect(onReject).toHaveBeenCalledTimes(1);
    act(() => render(null, container));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(onReject).toHaveBeenCalledTimes(1);
  });

  it('offers Approve once / Allow for run / Deny with the destination, and Retry / Skip for page waits', () => {
    const onDecide = vi.fn();
    const container = mount(
      <PendingView
        busy={false}
        onDecide={onDecide}
        pending={{
          kind: 'external-approval',
          callId: 'c',
          name: 'search',
          integration: 'MCP: docs',
          destination: 'https://api.example.com/<x>',
          argumentsPreview: '{"q":1}',
        }}
      />,
    );
    expect(container.querySelector('[data-testid="destination"]')?.textContent).toBe(
      'https://api.example.com/<x>',
    );
    for (const id of ['approve-once', 'allow-run', 'deny'])
      (container.querySelector(`[data-testid="${id}"]`) as HTMLButtonElement).click();
    expect(onDecide.mock.calls.map((call) => call[0])).toEqual([
      'approve-once',
      'allow-run',
      'deny',
    ]);
    act(() =>
      render(
        <PendingView
          busy={false}
          onDecide={onDecide}
          pending={{
            kind: 'page-wait',
            callId: 'c',
            name: 'read',
            reason: 'open-file',
            message: 'Open main.typ',
            missing: ['editor'],
          }}
        />,
        container,
      ),
    );
    expect(container.textContent).toContain('Open main.typ');
    (container.querySelector('[data-testid="retry"]') as HTMLButtonElement).click();
    (container.querySelector('[data-testid="skip"]') as HTMLButtonElement).click();
    expect(onDecide.mock.calls.slice(3).map((call) => call[0])).toEqual(['retry', 'skip']);
  });
});
