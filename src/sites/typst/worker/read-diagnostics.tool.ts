// `read_diagnostics`: the Improve panel and lint marks.
// Instead of always sleeping 750 ms it reads at once and returns as soon as the page
// says the compile is idle (the panel updated since the document last changed) and
// two consecutive reads agree; a busy page is read again every 120 ms, for at most
// ~6 s, and then the last read is returned with `settled: false`.
import { z } from '../../../shared/schema/zod';
import { defineTool, counted, resultField } from '../../../worker/tools/define-tool';
import { asJson, asOutcome, callPage, delay, preflight, success } from './tool-support';

const Arguments = z.strictObject({});
export const DIAGNOSTICS_INTERVAL_MS = 120;
export const DIAGNOSTICS_MAX_READS = 50;

export const readDiagnosticsTool = defineTool({
  name: 'read_diagnostics',
  description:
    'Read the current Typst compiler errors and warnings and spelling suggestions (Improve panel plus editor marks). Waits for the compile after an edit to settle.',
  arguments: Arguments,
  effect: 'read',
  activity: (_args, outcome) => {
    const errors = resultField(outcome, 'error_count');
    const warnings = resultField(outcome, 'warning_count');
    if (typeof errors !== 'number' || typeof warnings !== 'number') return 'Checked diagnostics';
    if (errors === 0 && warnings === 0) return 'Checked diagnostics: no problems';
    const parts = [
      errors > 0 ? counted(errors, 'error') : '',
      warnings > 0 ? counted(warnings, 'warning') : '',
    ];
    return `Checked diagnostics: ${parts.filter((part) => part !== '').join(', ')}`;
  },
  approval: 'automatic',
  sites: ['typst'],
  execute: (_args, context) =>
    asOutcome(context, async () => {
      await preflight(context, 'read_diagnostics', ['improvePanel']);
      let previous: string | null = null;
      let read = await callPage(context, 'typst/diagnostics', {});
      let settled = false;
      for (let reads = 1; reads < DIAGNOSTICS_MAX_READS; reads += 1) {
        const fingerprint = JSON.stringify(read.diagnostics);
        if (read.compileIdle && fingerprint === previous) {
          settled = true;
          break;
        }
        previous = read.compileIdle ? fingerprint : null;
        await delay(DIAGNOSTICS_INTERVAL_MS, context.signal);
        read = await callPage(context, 'typst/diagnostics', {});
      }
      return success(
        {
          diagnostics: asJson(read.diagnostics),
          total_count: read.diagnostics.length,
          truncated: read.truncated,
          error_count: read.errorCount,
          warning_count: read.warningCount,
          spelling_count: read.spellingCount,
          status_count: read.statusCount,
          clean: read.clean,
          settled,
        },
        `${read.errorCount} errors, ${read.warningCount} warnings, ${read.spellingCount} spelling.`,
      );
    }),
});
