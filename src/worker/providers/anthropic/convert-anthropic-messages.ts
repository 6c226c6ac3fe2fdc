// Neutral messages to Messages API `system` + `messages`.
// @see https://docs.anthropic.com/en/api/messages
import type { ModelMessage, ModelToolDefinition } from '../model-adapter';

/** A content block as sent. */
export type AnthropicContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: boolean };

export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: AnthropicContentBlock[];
}

/**
 * Converts the conversation. Leading system messages become `system`; a later one
 * becomes a labelled user block, because the API accepts no mid-conversation system
 * role. Consecutive same-role messages are merged: the API requires alternation,
 * and tool results must sit in the user message right after the tool_use turn.
 */
export function convertAnthropicMessages(messages: readonly ModelMessage[]): {
  system: string;
  messages: AnthropicMessage[];
} {
  const system: string[] = [];
  const converted: AnthropicMessage[] = [];
  const append = (role: AnthropicMessage['role'], blocks: AnthropicContentBlock[]) => {
    if (blocks.length === 0) return;
    const previous = converted.at(-1);
    if (previous?.role === role) previous.content.push(...blocks);
    else converted.push({ role, content: blocks });
  };
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        if (converted.length === 0) system.push(message.text);
        else append('user', [{ type: 'text', text: `[System note]\n${message.text}` }]);
        break;
      case 'user':
        append(
          'user',
          message.content.map((part): AnthropicContentBlock =>
            part.type === 'text'
              ? { type: 'text', text: part.text }
              : {
                  type: 'image',
                  source: { type: 'base64', media_type: part.mediaType, data: part.base64 },
                },
          ),
        );
        break;
      case 'assistant':
        append('assistant', assistantBlocks(message));
        break;
      case 'tool': {
        const block: AnthropicContentBlock = {
          type: 'tool_result',
          tool_use_id: message.callId,
          content: message.content,
        };
        if (message.isError) block.is_error = true;
        append('user', [block]);
        break;
      }
    }
  }
  return { system: system.join('\n\n'), messages: converted };
}

function assistantBlocks(
  message: Extract<ModelMessage, { role: 'assistant' }>,
): AnthropicContentBlock[] {
  const blocks: AnthropicContentBlock[] = [];
  // Only signed thinking can be replayed; the API rejects unsigned thinking blocks.
  if (message.reasoning?.signature) {
    blocks.push({
      type: 'thinking',
      thinking: message.reasoning.text,
      signature: message.reasoning.signature,
    });
  }
  if (message.text !== '') blocks.push({ type: 'text', text: message.text });
  for (const call of message.toolCalls ?? []) {
    blocks.push({
      type: 'tool_use',
      id: call.id,
      name: call.name,
      input: parseInput(call.argumentsText),
    });
  }
  return blocks;
}

// tool_use.input must be an object. Invalid arguments were already answered with an
// error tool result, so an empty object keeps the history valid.
function parseInput(argumentsText: string): unknown {
  try {
    const parsed: unknown = JSON.parse(argumentsText);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** Tools as `{name, description, input_schema}`. */
export function convertAnthropicTools(tools: readonly ModelToolDefinition[]) {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema,
  }));
}
