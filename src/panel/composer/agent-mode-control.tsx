// The composer's Ask / Act / Dev control on sites whose runs have agent modes: three
// radio buttons drawn as one segmented control, and one line under the bar saying what
// the chosen mode lets the agent do. Native radios give the keyboard behaviour people
// expect (Tab enters the group at the chosen mode, arrow keys move and choose). The
// choice is the chat's: the panel saves it with the chat, and the worker enforces it.
import { AGENT_MODES, type AgentMode } from '../../shared/protocol/agent-modes';
import './agent-mode-control.css';

/** What the control shows for each mode: its label and one line on what it allows. */
export const AGENT_MODE_TEXT: Readonly<Record<AgentMode, { label: string; description: string }>> =
  {
    ask: { label: 'Ask', description: 'Reads the page and answers; never clicks or types.' },
    act: { label: 'Act', description: 'Can click, type and navigate, as far as you ask.' },
    dev: { label: 'Dev', description: 'Act, plus tools that inspect the page\u2019s code.' },
  };

/** Why Dev cannot be chosen with a compact-tier model, shown as its description. */
export const DEV_UNAVAILABLE =
  'Needs a model with the Mid or Full prompt tier (Settings \u2192 Models).';

/** Props of {@link AgentModeControl}. */
export interface AgentModeControlProps {
  readonly mode: AgentMode;
  /** False while the chat cannot take a new choice (loading, or a run is going). */
  readonly enabled: boolean;
  /** False when the active model's tier cannot run Dev mode. */
  readonly isDevAvailable: boolean;
  readonly onChange: (mode: AgentMode) => void;
}

const descriptionId = (mode: AgentMode) => `agent-mode-${mode}-description`;

function describe(mode: AgentMode, isDevAvailable: boolean): string {
  return mode === 'dev' && !isDevAvailable ? DEV_UNAVAILABLE : AGENT_MODE_TEXT[mode].description;
}

/** The segmented Ask / Act / Dev control. */
export function AgentModeControl(props: AgentModeControlProps) {
  const { mode, enabled, isDevAvailable } = props;
  return (
    <div class="agent-mode" role="radiogroup" aria-label="Mode" data-testid="agent-mode">
      {AGENT_MODES.map((option) => {
        const description = describe(option, isDevAvailable);
        // A chat already in Dev keeps it selectable, so the person sees why Send refuses.
        const isDisabled = !enabled || (option === 'dev' && !isDevAvailable && mode !== 'dev');
        return (
          <label
            key={option}
            class={`agent-mode-option${option === mode ? ' is-chosen' : ''}`}
            title={description}
          >
            <input
              type="radio"
              name="agent-mode"
              value={option}
              checked={option === mode}
              disabled={isDisabled}
              aria-describedby={descriptionId(option)}
              data-testid={`agent-mode-${option}`}
              onChange={() => props.onChange(option)}
            />
            <span>{AGENT_MODE_TEXT[option].label}</span>
            <span id={descriptionId(option)} hidden>
              {description}
            </span>
          </label>
        );
      })}
    </div>
  );
}

/** The one line under the composer bar on what the chosen mode allows. */
export function AgentModeHint(props: {
  readonly mode: AgentMode;
  readonly isDevAvailable: boolean;
}) {
  return (
    <p class="agent-mode-hint" data-testid="agent-mode-hint">
      <strong>{AGENT_MODE_TEXT[props.mode].label}:</strong>{' '}
      {describe(props.mode, props.isDevAvailable)}
    </p>
  );
}
