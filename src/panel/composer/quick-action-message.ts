// The message a quick action sends, in the person's name: which action, on which
// lines. The selected text is never part of it; it goes with the message as an
// untrusted selection attachment, and a Fix's compiler messages as a second one, so
// neither can pose as the person's instructions. A custom template is the person's
// own words and becomes the message text as written, with the placeholder naming
// the attachment; it changes nothing else about the run (tools, approvals, edit mode).
import {
  BUILT_IN_QUICK_ACTION_NAMES,
  BuiltInQuickActionSchema,
  SELECTION_PLACEHOLDER,
  type CustomQuickAction,
  type QuickActionDiagnostic,
  type QuickActionFacts,
  type QuickActionRef,
} from '../../shared/protocol/quick-actions';
import type { RunAttachment } from '../../shared/protocol/run-messages';

/** What a quick action sends: the message text and its attachments. */
export interface QuickActionMessage {
  readonly text: string;
  readonly attachments: readonly Extract<RunAttachment, { kind: 'selection' }>[];
}

export interface QuickActionChoice {
  readonly ref: QuickActionRef;
  readonly language: string;
  readonly custom: readonly CustomQuickAction[];
}

export type QuickActionBuild =
  | { readonly ok: true; readonly message: QuickActionMessage }
  | { readonly ok: false; readonly reason: string };

const linesOf = (facts: QuickActionFacts) =>
  facts.fromLine === facts.toLine
    ? `line ${facts.fromLine}`
    : `lines ${facts.fromLine}\u2013${facts.toLine}`;

/** The label a Fix's compiler messages travel under, next to the selection's file. */
export function diagnosticsLabel(facts: QuickActionFacts): string {
  const file = facts.fileLabel === null ? 'the open file' : facts.fileLabel;
  return `compiler messages for ${linesOf(facts)} of ${file}`.slice(0, 240);
}

function diagnosticsText(diagnostics: readonly QuickActionDiagnostic[]): string {
  return diagnostics
    .map((item) => `line ${item.line} ${item.severity}: ${item.message}`)
    .join('\n');
}

function builtInText(
  ref: 'improve' | 'fix' | 'explain' | 'translate',
  facts: QuickActionFacts,
  language: string,
): string {
  const lines = linesOf(facts);
  const target = `${lines} of the open file (the selection attached below)`;
  switch (ref) {
    case 'improve':
      return `Improve the wording of ${target}. Keep the meaning and the markup, and change only ${lines}.`;
    case 'fix':
      return facts.diagnostics.length > 0
        ? `Fix ${target}. The compiler's messages for these lines are attached too. Change only what the fix needs.`
        : `Fix ${target}: the compiler reports nothing on these lines, so look for mistakes in the markup and the text. Change only what the fix needs.`;
    case 'explain':
      return `Explain ${target}. Answer here in the chat and do not edit the document.`;
    case 'translate':
      return `Translate ${target} into ${language}. Keep the markup, and replace only ${lines} with the translation.`;
  }
}

/** Says what was cut when the page handed over only the start of a long selection. */
function cutNote(facts: QuickActionFacts): string | null {
  if (facts.totalChars <= facts.text.length) return null;
  const kept = facts.text.length.toLocaleString('en-US');
  const total = facts.totalChars.toLocaleString('en-US');
  return `Only the first ${kept} of the ${total} selected characters are attached; the rest was cut.`;
}

/** Builds the message for `choice` on `facts`, or says why it cannot. */
export function buildQuickActionMessage(
  choice: QuickActionChoice,
  facts: QuickActionFacts,
): QuickActionBuild {
  const builtIn = BuiltInQuickActionSchema.safeParse(choice.ref);
  let heading: string;
  let body: string;
  if (builtIn.success) {
    heading = BUILT_IN_QUICK_ACTION_NAMES[builtIn.data];
    body = builtInText(builtIn.data, facts, choice.language);
  } else {
    const id = choice.ref.slice('custom:'.length);
    const action = choice.custom.find((item) => item.id === id);
    if (!action)
      return {
        ok: false,
        reason: 'That quick action no longer exists; it may have been deleted in Settings.',
      };
    heading = action.name;
    body = action.template
      .split(SELECTION_PLACEHOLDER)
      .join(`the selected text (${linesOf(facts)}, attached below)`);
  }
  const cut = cutNote(facts);
  const text = [
    `Quick action \u201c${heading}\u201d on ${linesOf(facts)}.`,
    body,
    ...(cut ? [cut] : []),
  ].join('\n\n');
  const attachments: QuickActionMessage['attachments'][number][] = [
    { kind: 'selection', text: facts.text, fileLabel: facts.fileLabel },
  ];
  if (builtIn.success && builtIn.data === 'fix' && facts.diagnostics.length > 0)
    attachments.push({
      kind: 'selection',
      text: diagnosticsText(facts.diagnostics),
      fileLabel: diagnosticsLabel(facts),
    });
  return { ok: true, message: { text, attachments } };
}
