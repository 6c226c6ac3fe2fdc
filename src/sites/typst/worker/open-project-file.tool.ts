// `open_project_file`: asks the person to open an exact project file,
// waits until the page shows it with a text editor, then retargets the run's later
// reads and edits to it. It never clicks in the page itself.
import { z } from '../../../shared/schema/zod';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import { defineTool } from '../../../worker/tools/define-tool';
import { asOutcome, success, waitForFile } from './tool-support';
import { typstState } from './typst-run-state';

const Arguments = z.strictObject({ path: z.string().min(1).max(240) });

/** Normalizes a model-given path; null when it is not a plausible project path. */
export function normalizeToolPath(raw: string): string | null {
  const path = raw
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .replace(/^(?:\.\/|\/)+/, '')
    .trim();
  const segments = path.split('/');
  if (!path || path.length > 240 || /[\u0000-\u001f\u007f<>]/.test(path)) return null;
  if (
    segments.some(
      (segment) => segment === '' || segment === '.' || segment === '..' || segment.length > 160,
    )
  )
    return null;
  return path;
}

export const openProjectFileTool = defineTool({
  name: 'open_project_file',
  description:
    'Ask the person to open a project file (exact path from read_file_structure, e.g. chapters/intro.typ) and wait until it is open. Later reads and edits in this run then target that file.',
  arguments: Arguments,
  effect: 'read',
  activity: ({ path }) => `Opened ${path}`,
  approval: 'automatic',
  sites: ['typst'],
  execute: ({ path: raw }, context) =>
    asOutcome(context, async () => {
      const path = normalizeToolPath(raw);
      if (!path)
        throw new ProtocolFailure(
          'INVALID_PROJECT_FILE_PATH',
          'The path is not a valid project file path.',
        );
      await waitForFile(context, 'open_project_file', path, 'open-file');
      const state = typstState(context);
      const previous = state.targetFile;
      state.targetFile = path;
      return success(
        {
          active_file: path,
          previous_file: previous,
          text_editor_accessible: true,
          usage: 'read_document and the edit tools now target this file.',
        },
        `Opened ${path}.`,
      );
    }),
});
