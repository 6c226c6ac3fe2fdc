// ## Owns
// upload_file: puts a file this run downloaded into a file input on the page (the
// input itself, or the label or button that opens one), as if the person had picked
// it, so the page's own handlers see the choice. The bytes come from the run's file
// store (files/file-store.ts) and the page builds the File from them.
// ## Never
// Uploads without asking: sending a file to a site is consequential, so every call
// shows the file's name and size and the site on its card, and no run grant waives it.
import { z } from '../../../../shared/schema/zod';
import { defineTool, type ToolRunContext } from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { base64Of } from '../../../../worker/skills/skill-file-save';
import { MAX_UPLOAD_BYTES } from '../../methods/upload-methods';
import { asksForFiles } from '../files/asks-for-files';
import { storedFile, type StoredFile } from '../files/file-store';
import { mayControlTab } from '../input/may-control-tab';
import { fail, parseActionRef, refGone, type ActionDeps, type Failure } from './action-target';
import { RefArgument } from './resolve-target';
import { acceptsFile, bareType } from './upload-accept';

const UPLOAD_WORDS = /\b(upload\w*|attach\w*)\b/i;

/** Whether the person's words call for files at all (uploading among them). */
export const asksForUpload = (personText: readonly string[]): boolean =>
  asksForFiles(personText) || personText.some((text) => UPLOAD_WORDS.test(text));

/** "23 bytes", "1.5 KB", "3.2 MB": the size a person reads on the card. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

interface UploadPlan {
  readonly number: number;
  readonly file: StoredFile & { readonly bytes: Uint8Array };
  readonly target: string;
  readonly url: string;
}

/** Everything that must hold before a file is set; checked at review and again at run. */
async function planUpload(
  deps: ActionDeps,
  context: ToolRunContext,
  ref: string,
  downloadId: number,
): Promise<UploadPlan | Failure> {
  const parsed = parseActionRef(ref);
  if ('ok' in parsed) return parsed;
  const file = storedFile(context.runId, downloadId);
  if (!file?.bytes)
    return fail({
      code: 'DOWNLOAD_UNKNOWN',
      message: file
        ? `Download ${downloadId} was saved, but this run kept no copy of it to upload (too many bytes this run).`
        : `This run has no download ${downloadId}; list_downloads shows its files.`,
    });
  if (file.bytes.byteLength > MAX_UPLOAD_BYTES)
    return fail({
      code: 'UPLOAD_TOO_LARGE',
      message: `${file.filename} is ${sizeText(file.bytes.byteLength)}; Side Agent uploads files of at most ${sizeText(MAX_UPLOAD_BYTES)}.`,
    });
  const url = (await deps.tabUrl(context.page.tabId)) ?? '';
  const refused = await mayControlTab(context.page.tabId, url, deps.accessFacts);
  if (refused) return fail(refused);
  const found = await context.page.request('web/upload-target', { ref: parsed.number });
  if (!found.ok) return fail(found.error);
  const target = found.data;
  if (target.status === 'gone') return refGone(ref);
  if (target.status === 'not-file-input')
    return fail({
      code: 'INPUT_WRONG_CONTROL',
      message: `${ref} (${target.target}) is not a file input, nor a label or button that opens one. Give upload_file the ref of the page's file upload control.`,
    });
  if (target.disabled)
    return fail({
      code: 'INPUT_NOT_ACCEPTED',
      message: `The file input ${ref} stands for (${target.target}) is disabled, so it takes no file.`,
    });
  if (!acceptsFile(target.accept, file.filename, file.contentType))
    return fail({
      code: 'UPLOAD_TYPE_REFUSED',
      message: `The file input takes only ${target.accept}; ${file.filename} (${bareType(file.contentType) || 'unknown type'}) is not one of those, so it was not uploaded.`,
    });
  return {
    number: parsed.number,
    file: { ...file, bytes: file.bytes },
    target: target.target,
    url,
  };
}

export function uploadFileTool(deps: ActionDeps) {
  return defineTool({
    name: 'upload_file',
    description:
      "Puts a file this run downloaded (downloadId from list_downloads) into a page's file input, or the label or button that opens one. Always asks the person first.",
    arguments: z.strictObject({
      ref: RefArgument,
      downloadId: z.number().int().nonnegative(),
    }),
    effect: 'page-action',
    activity: ({ ref, downloadId }) => `Uploaded download ${downloadId} to ${ref}`,
    approval: 'automatic',
    modes: ['act', 'dev'],
    offerWhen: asksForUpload,
    async review({ ref, downloadId }, context) {
      const plan = await planUpload(deps, context, ref, downloadId);
      if ('ok' in plan) return { ask: 'refused', outcome: plan };
      return {
        ask: true,
        effect: `Upload ${plan.file.filename} (${sizeText(plan.file.bytes.byteLength)}) to ${hostOf(plan.url)}, into ${plan.target}`,
        reason: 'It sends one of your files to this site.',
        destination: plan.url,
        grantKey: null,
      };
    },
    async execute({ ref, downloadId }, context) {
      const plan = await planUpload(deps, context, ref, downloadId);
      if ('ok' in plan) return plan;
      const { file } = plan;
      const set = await context.page.request('web/upload-set', {
        ref: plan.number,
        name: file.filename,
        type: bareType(file.contentType),
        base64: base64Of(file.bytes),
      });
      if (!set.ok) return fail(set.error);
      if (set.data.status !== 'set')
        return fail({
          code: 'PAGE_REF_NOT_FOUND',
          message: `${ref} no longer names the file input it did a moment ago. Look at the page again for fresh refs.`,
        });
      const held = set.data.files[0];
      if (held?.name !== file.filename || held.size !== file.bytes.byteLength)
        return fail({
          code: 'INPUT_NOT_ACCEPTED',
          message: `The page did not keep ${file.filename}: after its own checks the input holds ${held ? `${held.name} (${sizeText(held.size)})` : 'no file'}.`,
        });
      return {
        ok: true,
        result: untrustedPageData(plan.url, {
          target: set.data.target,
          uploaded: { name: file.filename, size: file.bytes.byteLength },
        }),
        summary: `Uploaded ${file.filename} (${sizeText(file.bytes.byteLength)}) to ${ref}.`,
      };
    },
  });
}
