// ## Owns
// The full worker-to-page channel: the generic page methods, the document methods
// and every registered site's own methods, composed from the registry so that a
// site's methods join the channel with its registry line.
import { defineRequestChannel, type MethodSpec } from '../shared/protocol/define-channel';
import { documentPageMethods } from '../shared/protocol/document-methods';
import { layerPageMethods } from '../shared/protocol/layer-page-methods';
import { genericPageMethods } from '../shared/protocol/worker-to-page';
import { SITES } from './sites';

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (
  value: infer I,
) => void
  ? I
  : never;

type SiteMethods = UnionToIntersection<(typeof SITES)[number]['pageMethods']>;

const siteMethods: Record<string, MethodSpec> = {};
for (const site of SITES) Object.assign(siteMethods, site.pageMethods);

export const pageChannel = defineRequestChannel('worker-to-page', ['worker'], {
  ...genericPageMethods,
  ...layerPageMethods,
  ...documentPageMethods,
  ...(siteMethods as SiteMethods),
});
export type PageChannel = typeof pageChannel;

/**
 * What the MAIN-world runtime answers: everything but the methods the relay answers
 * itself (context, ping, cancel).
 */
export const runtimePageChannel = defineRequestChannel('worker-to-page', ['worker'], {
  'page/echo': genericPageMethods['page/echo'],
  ...documentPageMethods,
  ...(siteMethods as SiteMethods),
});
export type RuntimePageChannel = typeof runtimePageChannel;
