// Handlers for the panel's memory requests (memory-messages.ts). They only delegate
// to the memory service.
import type { GroupHandlers } from '../../shared/protocol/define-channel';
import type { memoryRequestMethods } from '../../shared/protocol/memory-messages';
import type { MemoryService } from '../memory/memory-service';

export interface MemoryHandlerDeps {
  readonly memory: MemoryService;
}

export function createMemoryHandlers(
  deps: MemoryHandlerDeps,
): GroupHandlers<typeof memoryRequestMethods> {
  const { memory } = deps;
  return {
    'memory/list': () => memory.view(),
    'memory/remember': (payload) => memory.remember(payload),
    'memory/update': async (payload) => ({ record: await memory.update(payload.id, payload.text) }),
    'memory/forget': async (payload) => ({ record: await memory.forget(payload.id) }),
    'memory/delete': async (payload) => ({ deleted: await memory.delete(payload.id) }),
    'memory/clear': async () => ({ deleted: await memory.clear() }),
    'memory/save-settings': (payload) => memory.saveSettings(payload),
    'memory/export': () => memory.exportJson(),
    'memory/import': (payload) => memory.importJson(payload.json),
  };
}
