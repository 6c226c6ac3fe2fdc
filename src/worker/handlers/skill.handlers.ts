// Handlers for the panel's skill requests (skill-messages.ts). They only delegate
// to the worker's skill service.
import type { GroupHandlers } from '../../shared/protocol/define-channel';
import type { skillRequestMethods } from '../../shared/protocol/skill-messages';
import { getWorkerSkillService } from '../integrations/worker-integrations';
import type { SkillService } from '../skills/skill-service';

export function createSkillHandlers(
  service: () => SkillService = getWorkerSkillService,
): GroupHandlers<typeof skillRequestMethods> {
  return {
    'skills/list': () => service().list(),
    'skills/import': (payload) => service().importSkill(payload.text),
    'skills/update': (payload) => service().update(payload.id, payload.text),
    'skills/set-enabled': (payload) => service().setEnabled(payload.id, payload.enabled),
    'skills/delete': (payload) => service().remove(payload.id),
    'skills/trust': (payload) => service().setTrust(payload.id, payload.trusted),
  };
}
