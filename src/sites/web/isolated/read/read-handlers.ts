// Handlers of the read methods in one frame.
import type { RequestChannel, RequestHandlers } from '../../../../shared/protocol/define-channel';
import type { IsolatedFrame } from '../../../../page/kit/isolated-site';
import type { readMethods } from '../../methods/read-methods';

type Channel = RequestChannel<typeof readMethods>;

export function startReadHandlers(
  _signal: AbortSignal,
  _frame: IsolatedFrame,
): RequestHandlers<Channel> {
  return {};
}
