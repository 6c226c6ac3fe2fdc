// The acting-tab indicator's page method. Only the top frame draws it: a frame's
// own mark would frame a part of the page, and Stop belongs once per tab.
import type { RequestChannel, RequestHandlers } from '../../../../shared/protocol/define-channel';
import type { IsolatedFrame } from '../../../../page/kit/isolated-site';
import type { indicatorMethods } from '../../methods/indicator-methods';
import { createActingIndicator } from './acting-indicator';

type Channel = RequestChannel<typeof indicatorMethods>;

export function startIndicatorHandlers(
  signal: AbortSignal,
  frame: IsolatedFrame,
): RequestHandlers<Channel> {
  const indicator = frame.isTop ? createActingIndicator({ signal, stop: frame.stopRuns }) : null;
  return {
    'web/indicator': ({ show, leaseMs }) => {
      if (!indicator) return { shown: false };
      if (show) indicator.show(leaseMs);
      else indicator.hide();
      return { shown: indicator.shown() };
    },
  };
}
