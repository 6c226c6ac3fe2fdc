// Web prompt figures: the characters every web-page request carries before any chat
// or page text (system message + tool schemas as the OpenAI-compatible wire sends
// them), per prompt tier and agent mode, against the Full-tier budget (a third of
// the ~52 KB the strongest peer sends). Prints `name: value unit`; never fails.
import { AGENT_MODES, isModeAvailable, PROMPT_TIERS } from '../src/shared/protocol/agent-modes';
import {
  FULL_TIER_BUDGET_CHARS,
  webRequestSize,
} from '../src/sites/web/worker/__fixtures__/web-request-size';

console.log(`web request budget (full tier): ${FULL_TIER_BUDGET_CHARS} chars`);
for (const tier of PROMPT_TIERS) {
  for (const mode of AGENT_MODES) {
    if (!isModeAvailable(mode, tier)) {
      console.log(`web request ${tier} ${mode}: refused before any request (0 chars)`);
      continue;
    }
    const size = webRequestSize(mode, tier);
    console.log(
      `web request ${tier} ${mode}: ${size.totalChars} chars (system ${size.systemChars}, tools ${size.toolChars} in ${size.toolCount} schemas)`,
    );
  }
}
const fullAct = webRequestSize('act', 'full').totalChars;
console.log(
  `web request full act vs budget: ${((fullAct / FULL_TIER_BUDGET_CHARS) * 100).toFixed(1)} %`,
);
