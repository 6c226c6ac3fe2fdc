// ## Owns
// list_downloads: the files this run downloaded, newest last, with the ids the read
// tools take. Only this run's: other downloads of the browser are the person's.
import { z } from '../../../../shared/schema/zod';
import { counted, defineTool } from '../../../../worker/tools/define-tool';
import { asksForFiles } from './asks-for-files';
import { downloadsLeft, runFiles } from './file-store';

export const listDownloadsTool = defineTool({
  name: 'list_downloads',
  description: 'Lists the files this run downloaded, with their download ids.',
  arguments: z.strictObject({}),
  effect: 'read',
  offerWhen: asksForFiles,
  approval: 'automatic',
  activity: () => 'List downloads',
  async execute(_args, context) {
    const files = runFiles(context.runId).map((file) => ({
      downloadId: file.downloadId,
      filename: file.filename,
      url: file.url,
      contentType: file.contentType,
      size: file.size,
      readable: file.bytes !== undefined,
    }));
    return {
      ok: true,
      result: { files, downloadsLeft: downloadsLeft(context.runId) },
      summary: counted(files.length, 'download'),
    };
  },
});
