// The asset detail view typst.app shows instead of the editor when an image is opened:
// the image itself and Path:, Format:, Resolution:, Size:, Last changed: labels.
import { ASSET_LABELS, assetImageAlt } from './typst-dom';
import { el } from './html';
import type { ProjectFile } from './project';

const FORMATS: Record<string, string> = {
  png: 'PNG',
  jpg: 'JPEG',
  jpeg: 'JPEG',
  gif: 'GIF',
  webp: 'WebP',
  svg: 'SVG',
};

export function isImage(path: string): boolean {
  return (path.split('.').pop()?.toLowerCase() ?? '') in FORMATS;
}

/** Width × height from a PNG's IHDR chunk, which always follows the 8-byte signature. */
function pngSize(bytes: Uint8Array): [number, number] | null {
  if (bytes.length < 24 || bytes[1] !== 0x50 || bytes[2] !== 0x4e || bytes[3] !== 0x47) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return [view.getUint32(16), view.getUint32(20)];
}

function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

export function renderAssetView(
  container: HTMLElement,
  projectId: string,
  file: ProjectFile,
): void {
  const extension = file.path.split('.').pop()?.toLowerCase() ?? '';
  const size = pngSize(file.bytes);
  const img = el('img', {
    src: `/__workbench/api/project/${encodeURIComponent(projectId)}/file/${file.path}`,
    alt: assetImageAlt(file.path),
  });
  const rows: [string, string][] = [
    [ASSET_LABELS.path, file.path],
    [ASSET_LABELS.format, FORMATS[extension] ?? extension.toUpperCase()],
    [ASSET_LABELS.resolution, size ? `${size[0]} × ${size[1]} px` : 'unknown'],
    [ASSET_LABELS.size, formatSize(file.size)],
    [ASSET_LABELS.lastChanged, new Date(file.lastModified).toLocaleString('en-GB')],
  ];
  const details = el('dl', { class: 'asset-details' });
  for (const [label, value] of rows) details.append(el('dt', {}, label), el('dd', {}, value));
  container.replaceChildren(
    el('div', { class: 'asset-view' }, el('div', { class: 'asset-image' }, img), details),
  );
}
