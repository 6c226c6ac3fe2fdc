// One skill in Settings → Skills: its name, on/off, what its tools call and in which
// modes, the trust prompt (first use, or a manifest changed since it was trusted),
// and Edit / Delete. The skill's text is shown and edited as plain text only.
import { useState } from 'preact/hooks';
import type { SkillView } from '../../../shared/protocol/skill-messages';

/** Props of {@link SkillRow}. */
export interface SkillRowProps {
  readonly skill: SkillView;
  readonly onToggle: (enabled: boolean) => void;
  readonly onTrust: (trusted: boolean) => void;
  /** Resolves to an error text, or null when saved. */
  readonly onSave: (text: string) => Promise<string | null>;
  readonly onDelete: () => void;
}

const MODE_WORDS = { ask: 'Ask', act: 'Act', dev: 'Dev' } as const;

function TrustPrompt({ skill, onTrust }: Pick<SkillRowProps, 'skill' | 'onTrust'>) {
  if (skill.trust === 'no-tools') return null;
  if (skill.trust === 'trusted')
    return (
      <p class="sa-hint" data-testid="skill-trust">
        Trusted: its tool calls run without asking.{' '}
        <button type="button" onClick={() => onTrust(false)}>
          Stop trusting
        </button>
      </p>
    );
  const origins = [...new Set(skill.tools.map((tool) => new URL(tool.endpoint).origin))];
  return (
    <div class="sa-notice" role="note" data-testid="skill-trust">
      <p>
        {skill.trust === 'changed'
          ? 'Its tools changed since you trusted them, so each call asks again. '
          : 'Each call of its tools asks you first. '}
        They send what the agent gives them to {origins.join(', ')}, without your cookies.
      </p>
      <button type="button" data-testid="skill-trust-button" onClick={() => onTrust(true)}>
        Trust these tools
      </button>
    </div>
  );
}

/** A skill with its actions. */
export function SkillRow({ skill, onToggle, onTrust, onSave, onDelete }: SkillRowProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (draft === null) return;
    const problem = await onSave(draft);
    setError(problem);
    if (problem === null) setDraft(null);
  };
  return (
    <li class="sa-list-item sa-skill" data-skill-id={skill.id} data-testid="skill-row">
      <span class="sa-grow">
        <label class="sa-row">
          <input
            type="checkbox"
            checked={skill.enabled}
            disabled={skill.problem !== null}
            data-testid="skill-enabled"
            aria-label={`Use the skill ${skill.name}`}
            onChange={(event) => onToggle(event.currentTarget.checked)}
          />
          <strong data-testid="skill-name">{skill.name}</strong>
          {skill.isDefault ? <span class="sa-hint"> · packaged</span> : null}
        </label>
        {skill.problem ? (
          <span class="sa-field-error" role="alert">
            This skill cannot be used: {skill.problem.message}
          </span>
        ) : null}
        <span class="sa-hint sa-preview">
          {`${skill.instructionChars.toLocaleString('en')} characters of instructions`}
        </span>
        {skill.tools.length > 0 ? (
          <ul class="sa-list" aria-label={`Tools of ${skill.name}`}>
            {skill.tools.map((tool) => (
              <li key={tool.name} class="sa-hint" data-testid="skill-tool">
                {`${tool.name}: ${tool.kind === 'http' ? tool.method : 'download job'} ${tool.endpoint} · ${tool.modes.map((mode) => MODE_WORDS[mode]).join(', ')}`}
              </li>
            ))}
          </ul>
        ) : null}
        <TrustPrompt skill={skill} onTrust={onTrust} />
        {draft !== null ? (
          <>
            <textarea
              rows={10}
              value={draft}
              aria-label={`Edit the skill ${skill.name}`}
              data-testid="skill-edit-text"
              onInput={(event) => setDraft(event.currentTarget.value)}
            />
            {error ? (
              <span class="sa-field-error" role="alert">
                {error}
              </span>
            ) : null}
          </>
        ) : null}
      </span>
      {draft === null ? (
        <button
          type="button"
          aria-label={`Edit ${skill.name}`}
          onClick={() => setDraft(skill.text)}
        >
          Edit
        </button>
      ) : (
        <>
          <button type="button" data-testid="skill-edit-save" onClick={() => void save()}>
            Save
          </button>
          <button type="button" onClick={() => setDraft(null)}>
            Cancel
          </button>
        </>
      )}
      <button type="button" aria-label={`Delete ${skill.name}`} onClick={onDelete}>
        Delete
      </button>
    </li>
  );
}
