// Handlers of the tree methods in one frame.
import type { RequestChannel, RequestHandlers } from '../../../../shared/protocol/define-channel';
import type { IsolatedFrame } from '../../../../page/kit/isolated-site';
import type { treeMethods } from '../../methods/tree-methods';

type Channel = RequestChannel<typeof treeMethods>;

export function startTreeHandlers(
  _signal: AbortSignal,
  _frame: IsolatedFrame,
): RequestHandlers<Channel> {
  return {};
}
