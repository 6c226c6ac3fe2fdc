// ## Owns
// The web face's file tools over one set of browser dependencies: download_files,
// download_resource_from_page, download_social_media, list_downloads,
// read_downloaded_file and read_pdf.
import type { ToolDefinition } from '../../../../worker/tools/define-tool';
import { downloadFilesTool } from './download-files.tool';
import { downloadResourceTool } from './download-resource.tool';
import { downloadSocialMediaTool } from './download-social-media.tool';
import { listDownloadsTool } from './list-downloads.tool';
import { readDownloadedFileTool } from './read-downloaded-file.tool';
import { readPdfTool } from './read-pdf.tool';
import type { FileToolDeps } from './save-file';

export const fileTools = (deps: FileToolDeps): ToolDefinition<unknown>[] =>
  [
    downloadFilesTool(deps),
    downloadResourceTool(deps),
    downloadSocialMediaTool(deps),
    listDownloadsTool,
    readDownloadedFileTool,
    readPdfTool(deps),
  ] as ToolDefinition<unknown>[];
