// /mode ask|act|dev: chooses the chat's agent mode through the composer's own
// control logic, so the same rules apply (Dev needs a Mid or Full tier model).
import { AGENT_MODES, type AgentMode } from '../../shared/protocol/agent-modes';
import { AGENT_MODE_TEXT, DEV_UNAVAILABLE } from '../composer/agent-mode-control';
import type { SlashCommand } from './slash-command';

const isAgentMode = (value: string): value is AgentMode =>
  (AGENT_MODES as readonly string[]).includes(value);

export const modeCommand: SlashCommand = {
  name: 'mode',
  usage: '/mode ask|act|dev',
  summary: 'Choose what the agent may do in this chat',
  takesArgument: true,
  async run(argument, context) {
    const control = context.agentMode?.() ?? null;
    if (control === null) return { tone: 'error', text: 'This page has no Ask / Act / Dev modes.' };
    const mode = argument.trim().toLowerCase();
    if (!isAgentMode(mode))
      return {
        tone: 'error',
        text: `Choose a mode: /mode ask, /mode act or /mode dev. Now: ${AGENT_MODE_TEXT[control.mode].label}.`,
      };
    if (mode === 'dev' && !control.isDevAvailable)
      return { tone: 'error', text: `Dev is not available: ${DEV_UNAVAILABLE}` };
    await control.choose(mode);
    return {
      tone: 'info',
      text: `Mode: ${AGENT_MODE_TEXT[mode].label}. ${AGENT_MODE_TEXT[mode].description}`,
    };
  },
};
