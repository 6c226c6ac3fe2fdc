// `read_typst_docs`: the bundled Typst reference pages. Without a
// topic it lists them; an unknown topic fails with the list so the model can retry.
import { z } from '../../../shared/schema/zod';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import { defineTool, quoted, resultField } from '../../../worker/tools/define-tool';
import {
  DOCS_TOPICS,
  TYPST_DOCS_REVIEWED,
  TYPST_DOCS_VERSION,
  findDocsTopic,
} from './docs/typst-docs';
import { asOutcome, success } from './tool-support';

const Arguments = z.strictObject({ topic: z.string().min(1).max(64).optional() });
const topicList = () =>
  DOCS_TOPICS.map((topic, index) => ({
    number: index + 1,
    id: topic.id,
    title: topic.title,
    summary: topic.summary,
  }));

export const readTypstDocsTool = defineTool({
  name: 'read_typst_docs',
  description: `Read the bundled Typst ${TYPST_DOCS_VERSION} reference. Without topic: the list of topics. Topics: ${DOCS_TOPICS.map((topic) => topic.id).join(', ')}.`,
  arguments: Arguments,
  effect: 'read',
  activity: ({ topic }, outcome) => {
    const title = resultField(outcome, 'title');
    if (typeof title === 'string') return `Read the Typst docs on ${title}`;
    return topic === undefined
      ? 'Listed the Typst docs topics'
      : `Read the Typst docs on ${quoted(topic)}`;
  },
  approval: 'automatic',
  sites: ['typst'],
  execute: ({ topic }, context) =>
    asOutcome(context, async () => {
      if (topic === undefined) {
        return success(
          { version: TYPST_DOCS_VERSION, reviewed: TYPST_DOCS_REVIEWED, topics: topicList() },
          `${DOCS_TOPICS.length} topics.`,
        );
      }
      const found = findDocsTopic(topic);
      if (!found)
        throw new ProtocolFailure('UNKNOWN_DOCS_TOPIC', `No topic "${topic.slice(0, 64)}".`, {
          topics: DOCS_TOPICS.map((entry) => entry.id),
        });
      return Promise.resolve(
        success(
          { version: TYPST_DOCS_VERSION, topic: found.id, title: found.title, content: found.body },
          `Typst docs: ${found.title}.`,
        ),
      );
    }),
});
