// `clarify`: the agent asks the person one question mid-task and waits for the answer
// (an option they pick, or their own words), for choices only the person can make
// (which address, which size). Ask mode is an ordinary chat: the model asks in its
// answer there, so only Act and Dev offer this. The answer comes back as the
// person's words; a dismissed or unanswered question says so, and the model decides.
import { z } from '../../../../shared/schema/zod';
import {
  MAX_CLARIFY_OPTION_CHARS,
  MAX_CLARIFY_OPTIONS,
  MAX_CLARIFY_QUESTION_CHARS,
} from '../../../../shared/protocol/run-messages';
import { defineTool } from '../../../../worker/tools/define-tool';

const Arguments = z.strictObject({
  question: z.string().min(1).max(MAX_CLARIFY_QUESTION_CHARS),
  options: z
    .array(z.string().min(1).max(MAX_CLARIFY_OPTION_CHARS))
    .min(2)
    .max(MAX_CLARIFY_OPTIONS)
    .optional()
    .describe('2-4 short answers to pick from.'),
});

export const clarifyTool = defineTool({
  name: 'clarify',
  description: 'Ask the person a question only they can answer, and wait for the reply.',
  arguments: Arguments,
  effect: 'read',
  approval: 'automatic',
  modes: ['act', 'dev'],
  activity: ({ question }, outcome) =>
    outcome?.ok ? `Asked you: ${question.slice(0, 80)}` : `Asking you: ${question.slice(0, 80)}`,
  async execute({ question, options }, context) {
    const ask = context.interaction.askPerson;
    if (!ask)
      return {
        ok: false,
        code: 'SITE_FEATURE_UNAVAILABLE',
        message: 'Nobody can answer a question here. Decide, or say what you need in your answer.',
      };
    const reply = await ask({ question, options: options ?? [] }, context.signal);
    if (reply.answer === null) {
      return {
        ok: true,
        result: {
          answered: false,
          note:
            reply.reason === 'timeout'
              ? 'The person did not answer in time. Do not guess a consequential choice; stop and say what you need.'
              : 'The person chose not to answer. Go on without it if you can, or stop and say what you need.',
        },
        summary: reply.reason === 'timeout' ? 'No answer in time' : 'Not answered',
      };
    }
    if (reply.chosenBy === 'timeout')
      return {
        ok: true,
        result: {
          answered: false,
          answer: reply.answer,
          chosen_by: 'timeout',
          note: 'The person did not choose: their setting took the first option. Treat it as a default, not their decision, and do nothing consequential on it without asking.',
        },
        summary: `No answer: went on with the first option, ${reply.answer.slice(0, 120)}`,
      };
    return {
      ok: true,
      result: { answered: true, answer: reply.answer },
      summary: `Answered: ${reply.answer.slice(0, 120)}`,
    };
  },
});
