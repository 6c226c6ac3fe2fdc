import { describe, expect, it } from 'vitest';
import { grantKeyOf, needsApproval, type ApprovalNeed } from './approval-policy';
import type { ToolApproval, ToolEffect } from './define-tool';
import { approvalTool } from './__fixtures__/approval-tools';

const tool = approvalTool;

const never = () => false;
const always = () => true;

describe('needsApproval', () => {
  // effect, declared approval, edit mode, run grant for the tool, saved trust -> need
  const table: [ToolEffect, ToolApproval, 'ask' | 'auto', boolean, boolean, ApprovalNeed][] = [
    ['read', 'automatic', 'ask', false, false, 'none'],
    ['read', 'automatic', 'auto', false, false, 'none'],
    ['editor-write', 'editor-review', 'ask', false, false, 'editor-review'],
    ['editor-write', 'editor-review', 'auto', false, false, 'none'],
    // Grants and trust never waive a diff review.
    ['editor-write', 'editor-review', 'ask', true, true, 'editor-review'],
    // A write that declares itself automatic is still reviewed in Ask mode.
    ['editor-write', 'automatic', 'ask', false, false, 'editor-review'],
    ['page-action', 'automatic', 'ask', false, false, 'action-approval'],
    ['page-action', 'automatic', 'auto', false, false, 'action-approval'],
    ['page-action', 'automatic', 'ask', true, false, 'none'],
    // Saved integration trust is about integrations: it does not allow page actions.
    ['page-action', 'automatic', 'ask', false, true, 'action-approval'],
    ['external', 'external-approval', 'auto', false, false, 'external-approval'],
    ['external', 'automatic', 'auto', false, false, 'external-approval'],
    ['external', 'external-approval', 'ask', true, false, 'none'],
    ['external', 'external-approval', 'ask', false, true, 'none'],
    // A read that declares an external approval asks: the stricter of the two wins.
    ['read', 'external-approval', 'auto', false, false, 'external-approval'],
  ];
  it.each(table)(
    'effect %s, declared %s, mode %s, granted %s, trusted %s -> %s',
    (effect, approval, mode, granted, trusted, expected) => {
      const subject = tool(effect, approval);
      const grants = new Set(granted ? [grantKeyOf(subject)] : []);
      expect(needsApproval(subject, mode, grants, trusted ? always : never)).toBe(expected);
    },
  );

  it('asks for an effect or approval it does not know, and no grant or trust waives it', () => {
    const unknownEffect = tool('teleport' as ToolEffect, 'automatic');
    expect(needsApproval(unknownEffect, 'auto', new Set([grantKeyOf(unknownEffect)]), always)).toBe(
      'external-approval',
    );
    const unknownApproval = tool('read', 'whenever' as ToolApproval);
    expect(needsApproval(unknownApproval, 'auto', new Set(), always)).toBe('external-approval');
  });

  describe('a page action with its own per-call review', () => {
    const asks = (grantKey: string | null) =>
      ({ ask: true, effect: 'Click', reason: 'It buys.', destination: '', grantKey }) as const;
    const clicker = tool('page-action', 'automatic');

    it('runs without asking when the review says so', () => {
      expect(needsApproval(clicker, 'ask', new Set(), never, { ask: false })).toBe('none');
    });

    it('asks when the review asks, unless the run allowed exactly what it names', () => {
      expect(needsApproval(clicker, 'auto', new Set(), always, asks('web:buy'))).toBe(
        'action-approval',
      );
      expect(needsApproval(clicker, 'ask', new Set(['web:buy']), never, asks('web:buy'))).toBe(
        'none',
      );
      // The tool-wide grant does not allow a reviewed consequence.
      expect(
        needsApproval(clicker, 'ask', new Set([grantKeyOf(clicker)]), never, asks('web:buy')),
      ).toBe('action-approval');
      // A review that names no grant asks every time.
      expect(needsApproval(clicker, 'ask', new Set(['web:buy']), always, asks(null))).toBe(
        'action-approval',
      );
    });

    it('falls back to the tool-wide rule for a refused review', () => {
      const refused = {
        ask: 'refused',
        outcome: { ok: false, code: 'PAGE_REF_NOT_FOUND', message: 'gone' },
      } as const;
      expect(needsApproval(clicker, 'ask', new Set(), never, refused)).toBe('action-approval');
      expect(needsApproval(clicker, 'ask', new Set([grantKeyOf(clicker)]), never, refused)).toBe(
        'none',
      );
    });

    it('is read for page actions only: an external call still asks', () => {
      const external = tool('external', 'external-approval');
      expect(needsApproval(external, 'auto', new Set(), never, { ask: false })).toBe(
        'external-approval',
      );
      // A declared external approval stays stricter than a review that waives the page side.
      const declared = tool('page-action', 'external-approval');
      expect(needsApproval(declared, 'auto', new Set(), never, { ask: false })).toBe(
        'external-approval',
      );
    });
  });

  it('treats an unknown edit mode as Ask', () => {
    expect(
      needsApproval(tool('editor-write', 'editor-review'), 'bogus' as 'ask', new Set(), never),
    ).toBe('editor-review');
  });

  it('grants by integration route when there is one, else by tool name', () => {
    expect(grantKeyOf(tool('read', 'automatic'))).toBe('tool:t_read_automatic');
    const routed = tool('external', 'external-approval', {
      destination: { integration: 'Docs', url: 'https://docs.example/mcp', routeId: 'mcp:docs' },
    });
    expect(grantKeyOf(routed)).toBe('mcp:docs');
  });
});
