import { describe, expect, it, vi } from 'vitest';
import { grantKeyOf, needsApproval, type ApprovalNeed } from './approval-policy';
import type { ToolApproval, ToolDefinition, ToolEffect } from './define-tool';
import { approvalTool } from './__fixtures__/approval-tools';

// The combinations approval-policy.test.ts leaves out: an effect and a declared
// approval that disagree, where each waiver (Auto mode, a run grant, saved trust)
// applies to one side only and the stricter remaining need must win.
const tool = (
  effect: ToolEffect,
  approval: ToolApproval,
  extra: Partial<ToolDefinition<unknown>> = {},
) => approvalTool(effect, approval, { name: 'subject_tool', ...extra });

describe('needsApproval when effect and declaration disagree', () => {
  // effect, declared approval, edit mode, run grant, saved trust -> need
  const table: [ToolEffect, ToolApproval, 'ask' | 'auto', boolean, boolean, ApprovalNeed][] = [
    ['read', 'editor-review', 'ask', false, false, 'editor-review'],
    ['read', 'editor-review', 'auto', false, false, 'none'],
    ['read', 'external-approval', 'ask', true, false, 'none'],
    ['read', 'external-approval', 'ask', false, true, 'none'],
    ['page-action', 'editor-review', 'auto', true, false, 'none'],
    ['page-action', 'editor-review', 'ask', true, false, 'editor-review'],
    ['page-action', 'editor-review', 'auto', false, false, 'action-approval'],
    ['page-action', 'external-approval', 'ask', true, false, 'none'],
    // Trust waives the declared external approval, never the page action itself.
    ['page-action', 'external-approval', 'ask', false, true, 'action-approval'],
    ['page-action', 'external-approval', 'ask', false, false, 'external-approval'],
    ['editor-write', 'external-approval', 'auto', false, true, 'none'],
    ['editor-write', 'external-approval', 'auto', false, false, 'external-approval'],
    ['editor-write', 'external-approval', 'ask', true, true, 'editor-review'],
    ['external', 'editor-review', 'auto', false, false, 'external-approval'],
    ['external', 'editor-review', 'ask', true, false, 'editor-review'],
    ['external', 'editor-review', 'ask', false, true, 'editor-review'],
    ['external', 'automatic', 'ask', false, true, 'none'],
    ['external', 'automatic', 'ask', true, false, 'none'],
  ];
  it.each(table)(
    'effect %s, declared %s, mode %s, granted %s, trusted %s -> %s',
    (effect, approval, mode, granted, trusted, expected) => {
      const subject = tool(effect, approval);
      const grants = new Set(granted ? [grantKeyOf(subject)] : []);
      expect(needsApproval(subject, mode, grants, () => trusted)).toBe(expected);
    },
  );
});

describe('needsApproval inputs', () => {
  it('asks the trust check about the tool being called', () => {
    const subject = tool('external', 'external-approval');
    const trusted = vi.fn(() => true);
    expect(needsApproval(subject, 'ask', new Set(), trusted)).toBe('none');
    expect(trusted).toHaveBeenCalledWith(subject);
  });

  it('matches a run grant by route for routed tools, not by tool name', () => {
    const routed = tool('external', 'external-approval', {
      destination: { integration: 'Docs', url: 'https://docs.example/mcp', routeId: 'mcp:docs' },
    });
    const never = () => false;
    expect(needsApproval(routed, 'ask', new Set(['tool:subject_tool']), never)).toBe(
      'external-approval',
    );
    expect(needsApproval(routed, 'ask', new Set(['mcp:docs']), never)).toBe('none');
    // A grant for another route or another tool is not this one's.
    expect(needsApproval(routed, 'ask', new Set(['mcp:other']), never)).toBe('external-approval');
    const page = tool('page-action', 'automatic');
    expect(needsApproval(page, 'ask', new Set(['tool:other_tool']), never)).toBe('action-approval');
    expect(needsApproval(page, 'ask', new Set(['tool:subject_tool']), never)).toBe('none');
  });
});
