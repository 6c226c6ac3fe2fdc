// Settings → Skills: the skills (packaged and imported), turning them on or off,
// trusting their tools, editing, deleting, importing by file or paste, and the
// permission download jobs need to save files.
import { useEffect, useState } from 'preact/hooks';
import type { SkillView } from '../../../shared/protocol/skill-messages';
import type { SkillClient } from '../../commands/slash-command';
import { ConfirmDialog } from '../../sessions/confirm-dialog';
import { formatError } from '../form-field';
import {
  hostPatternOf,
  requestDownloadsPermission,
  requestHostPatterns,
  type RequestHostPatterns,
} from '../host-permission';
import { SkillImport } from './skill-import';
import { SkillRow } from './skill-row';

/** Props of {@link SkillsTab}. */
export interface SkillsTabProps {
  readonly client: SkillClient;
  readonly requestDownloads?: () => Promise<boolean>;
  readonly requestHosts?: RequestHostPatterns;
}

/** The host patterns of a skill's tool endpoints (`https://api.example/*`). */
const hostPatternsOf = (skill: SkillView): string[] => [
  ...new Set(
    skill.tools
      .map((tool) => hostPatternOf(tool.endpoint.replace(/\{[^}]*\}/g, 'x')))
      .filter((pattern): pattern is string => pattern !== null),
  ),
];

/** The Skills tab. */
export function SkillsTab({
  client,
  requestDownloads = requestDownloadsPermission,
  requestHosts = requestHostPatterns,
}: SkillsTabProps) {
  const [skills, setSkills] = useState<readonly SkillView[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SkillView | null>(null);
  const load = async () => {
    const result = await client.request('skills/list', {});
    if (result.ok) setSkills(result.data.skills);
    else setMessage(formatError(result.error));
  };
  useEffect(() => void load(), [client]);
  if (skills === null) return <p role="status">{message ?? 'Loading skills…'}</p>;
  const apply = (result: Awaited<ReturnType<SkillClient['request']>>) => {
    if (result.ok && 'skills' in result.data) {
      setSkills(result.data.skills as readonly SkillView[]);
      setMessage(null);
    } else if (!result.ok) setMessage(formatError(result.error));
  };
  const hasJobs = skills.some((skill) =>
    skill.tools.some((tool) => tool.kind === 'httpDownloadJob'),
  );
  return (
    <section class="sa-skills-tab" aria-label="Skills">
      <p class="sa-hint">
        A skill is Markdown instructions for the agent plus, optionally, HTTP tools it declares in a
        side-agent-tools block. Instructions go with each message as your context, never as rules;
        tools call only the HTTPS address they declare, without your cookies, and ask before each
        call until you trust them. Download jobs are never offered in Ask.
      </p>
      {skills.length === 0 ? (
        <p class="sa-empty" data-testid="skills-empty">
          No skills yet.
        </p>
      ) : (
        <ul class="sa-list" data-testid="skills-list" aria-label="Skills">
          {skills.map((skill) => (
            <SkillRow
              key={skill.id}
              skill={skill}
              onToggle={async (enabled) => {
                // Host access lets its tools reach endpoints that send no CORS headers; the
                // prompt must start inside the click. Refused, calls still work where CORS allows.
                const patterns = enabled ? hostPatternsOf(skill) : [];
                const asked = patterns.length > 0 ? requestHosts(patterns) : null;
                apply(await client.request('skills/set-enabled', { id: skill.id, enabled }));
                if (asked && !(await asked))
                  setMessage(
                    `Side Agent has no access to ${patterns.join(', ')}; the skill's tools work only where that endpoint allows extension requests.`,
                  );
              }}
              onTrust={async (trusted) =>
                apply(await client.request('skills/trust', { id: skill.id, trusted }))
              }
              onSave={async (text) => {
                const result = await client.request('skills/update', { id: skill.id, text });
                if (!result.ok) return formatError(result.error);
                setSkills(result.data.skills);
                return null;
              }}
              onDelete={() => setDeleting(skill)}
            />
          ))}
        </ul>
      )}
      {hasJobs ? (
        <div class="sa-row">
          <button
            type="button"
            data-testid="skills-allow-downloads"
            onClick={() => {
              // The request must start inside the click, before any await.
              const asked = requestDownloads();
              void asked.then((granted) =>
                setMessage(
                  granted
                    ? 'Skills may save files through Downloads.'
                    : 'Saving files was not allowed; download jobs will say so.',
                ),
              );
            }}
          >
            Allow saving files
          </button>
        </div>
      ) : null}
      <SkillImport client={client} onImported={() => void load()} />
      {message ? (
        <p class="sa-hint" role="status" data-testid="skills-message">
          {message}
        </p>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete the skill "${deleting.name}"?`}
          message={
            deleting.isDefault
              ? 'This packaged skill will not come back by itself. You can import it again from a file.'
              : 'Its instructions and tools are deleted. Chats are not affected.'
          }
          confirmLabel="Delete skill"
          onConfirm={async () => {
            const id = deleting.id;
            setDeleting(null);
            apply(await client.request('skills/delete', { id }));
          }}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
