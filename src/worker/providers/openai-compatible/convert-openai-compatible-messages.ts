// Neutral messages to Chat Completions messages.
// @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages
import type { ModelMessage, ModelToolDefinition, UserContentPart } from '../model-adapter';

/** A Chat Completions message as sent. */
export type OpenAiMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | OpenAiUserPart[] }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: {
        id: string;
        type: 'function';
        function: { name: string; arguments: string };
      }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

type OpenAiUserPart =
  { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/**
 * Converts the conversation. Reasoning is never replayed: several compatible
 * providers reject or bill `reasoning_content` on input (study §6.1 item 7).
 */
export function convertOpenAiCompatibleMessages(
  messages: readonly ModelMessage[],
): OpenAiMessage[] {
  return messages.map((message): OpenAiMessage => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.text };
      case 'user':
        return { role: 'user', content: convertUserContent(message.content) };
      case 'assistant': {
        const converted: OpenAiMessage = {
          role: 'assistant',
          content: message.text === '' ? null : message.text,
        };
        if (message.toolCalls && message.toolCalls.length > 0) {
          converted.tool_calls = message.toolCalls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: call.argumentsText },
          }));
        }
        return converted;
      }
      case 'tool':
        return { role: 'tool', tool_call_id: message.callId, content: message.content };
    }
  });
}

// Text-only content goes as a plain string: some local servers (older llama.cpp,
// text-only Ollama models) reject the array form.
function convertUserContent(parts: readonly UserContentPart[]): string | OpenAiUserPart[] {
  if (parts.every((part) => part.type === 'text'))
    return parts.map((part) => part.text).join('\n\n');
  return parts.map((part) =>
    part.type === 'text'
      ? { type: 'text', text: part.text }
      : { type: 'image_url', image_url: { url: `data:${part.mediaType};base64,${part.base64}` } },
  );
}

/** Tools in the `{type:'function', function:{…}}` form. */
export function convertOpenAiCompatibleTools(tools: readonly ModelToolDefinition[]) {
  return tools.map((tool) => ({
    type: 'function' as const,
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  }));
}
