// ## Owns
// Turning an MCP `tools/call` result into a ToolOutcome: text joined and capped,
// `structuredContent` passed on as data when present, images handed to the run loop as
// image parts instead of base64 text.
// ## The image contract with the run loop
// `result.images` is `[{ type: 'image', mediaType, base64 }]`. The run loop removes
// it from the tool-result text and, for a vision model, attaches the images as
// image parts; for other models it says how many images were left out.
import type { JsonValue, ToolOutcome } from '../../tools/define-tool';
import { MAX_RESULT_TEXT, capText } from '../external-arguments';

/** Images passed on per call; more are counted, not sent. */
export const MAX_RESULT_IMAGES = 4;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** One image for a vision model. */
export interface ToolImage {
  readonly type: 'image';
  readonly mediaType: string;
  readonly base64: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Images from a tool result, as the run loop reads them. */
export function toolResultImages(result: JsonValue): ToolImage[] {
  if (!isRecord(result) || !Array.isArray(result['images'])) return [];
  return result['images'].filter(
    (image): image is ToolImage & Record<string, JsonValue> =>
      isRecord(image) &&
      image['type'] === 'image' &&
      typeof image['mediaType'] === 'string' &&
      typeof image['base64'] === 'string',
  );
}

function renderContent(content: readonly unknown[]): {
  text: string;
  images: ToolImage[];
  omitted: number;
} {
  const parts: string[] = [];
  const images: ToolImage[] = [];
  let omitted = 0;
  for (const item of content) {
    if (!isRecord(item)) continue;
    if (item['type'] === 'text' && typeof item['text'] === 'string') parts.push(item['text']);
    else if (
      item['type'] === 'image' &&
      typeof item['data'] === 'string' &&
      typeof item['mimeType'] === 'string'
    ) {
      const mediaType = item['mimeType'].toLowerCase();
      if (
        IMAGE_TYPES.has(mediaType) &&
        BASE64.test(item['data']) &&
        images.length < MAX_RESULT_IMAGES
      ) {
        images.push({ type: 'image', mediaType, base64: item['data'] });
        parts.push(`[image ${images.length}: ${mediaType}]`);
      } else {
        omitted += 1;
        parts.push(`[image omitted: ${mediaType.slice(0, 40)}]`);
      }
    } else if (item['type'] === 'audio') parts.push('[audio omitted]');
    else if (
      item['type'] === 'resource' &&
      isRecord(item['resource']) &&
      typeof item['resource']['text'] === 'string'
    )
      parts.push(item['resource']['text']);
    else parts.push(JSON.stringify(item).slice(0, MAX_RESULT_TEXT));
  }
  return { text: parts.join('\n'), images, omitted };
}

/** Render a call result for the model; `label` names the tool in the summary. */
export function renderMcpResult(result: unknown, label: string): ToolOutcome {
  const record = isRecord(result) ? result : {};
  const content = Array.isArray(record['content']) ? record['content'] : [];
  const { text, images, omitted } = renderContent(content);
  if (record['isError'] === true) {
    return {
      ok: false,
      code: 'MCP_TOOL_ERROR',
      message: capText(text || 'The tool reported an error.', 4_000),
    };
  }
  const output: Record<string, JsonValue> = { text: capText(text) };
  const structured = record['structuredContent'];
  if (isRecord(structured)) {
    const serialized = JSON.stringify(structured);
    output['structured'] =
      serialized.length <= MAX_RESULT_TEXT ? (structured as JsonValue) : capText(serialized);
    // The text block is often the same data again; keep it short beside the structured form.
    output['text'] = capText(text, 4_000);
  } else if (content.length === 0) {
    const { _meta: _ignored, ...rest } = record;
    output['text'] = capText(JSON.stringify(rest));
  }
  if (images.length > 0) output['images'] = images.map((image) => ({ ...image }));
  if (omitted > 0) output['imagesOmitted'] = omitted;
  const imageNote = images.length > 0 ? `, ${images.length} image(s)` : '';
  return { ok: true, result: output, summary: `${label}: ${text.length} characters${imageNote}` };
}
