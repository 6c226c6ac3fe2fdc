// The picture a web run's automatic screenshot sends: the visible part of the run's
// tab (through the run's page guard, like the screenshot tool), at the image budget.
// Anything that stops it (no capture in this browser, the tab not in front, the page
// not the run's) is no picture, never a failed run.
import type { ToolImage } from '../../../../worker/integrations/mcp/mcp-result';
import type { RunPage } from '../../../../worker/tools/define-tool';
import { encodeScreenshot } from './screenshot-encode';

export async function captureForModel(
  page: RunPage,
  encode: typeof encodeScreenshot = encodeScreenshot,
): Promise<ToolImage | null> {
  if (!page.captureVisible) return null;
  const capture = await page.captureVisible();
  if (!capture.ok) return null;
  try {
    const image = await encode(capture.data.dataUrl);
    return { type: 'image', mediaType: image.mediaType, base64: image.base64 };
  } catch {
    return null;
  }
}
