// ## Owns
// The one answer to "which prompt tier does this model get?": the person's override
// when they chose one in Settings, else a default from where the model runs. Cloud
// APIs and routers serve large models (Full); an endpoint on this machine or the local
// network usually serves a smaller one (Mid). Compact is never guessed: a URL cannot
// tell a 3B model from a 70B one, so only the person picks it.
// ## Never
// Reads the network or the model's answers: the tier is decided before the first
// request, from settings alone, so the worker and the panel get the same answer.
import type { PromptTier } from '../protocol/agent-modes';

/** Why a model has its tier: the person's choice, or the kind of host it is reached at. */
export type PromptTierSource = 'override' | 'local-endpoint' | 'cloud-endpoint';

export interface ResolvedPromptTier {
  readonly tier: PromptTier;
  readonly source: PromptTierSource;
}

// Names that resolve only on this machine or the local network: mDNS (.local),
// RFC 8375 (.home.arpa), and the suffixes routers and container runtimes hand out.
const LOCAL_SUFFIXES = ['.localhost', '.local', '.lan', '.internal', '.home.arpa', '.localdomain'];

function isPrivateIpv4(host: string): boolean {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!match) return false;
  const [a, b] = [Number(match[1]), Number(match[2])];
  return (
    a === 127 || // loopback
    a === 10 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) || // link-local
    (a === 100 && b >= 64 && b <= 127) || // shared address space (carrier NAT, tailnets)
    a === 0
  );
}

/** The IPv4 address an IPv4-mapped IPv6 host (`[::ffff:a00:1]`, as the URL parser writes it) maps. */
function mappedIpv4(host: string): string | null {
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!match) return null;
  const high = parseInt(match[1] ?? '', 16);
  const low = parseInt(match[2] ?? '', 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function isPrivateIpv6(host: string): boolean {
  if (host === '::1' || host === '::') return true;
  const mapped = mappedIpv4(host);
  if (mapped !== null) return isPrivateIpv4(mapped);
  // fc00::/7 unique local, fe80::/10 link-local. The parser drops leading zeros, so
  // only a four-digit first group can fall in these ranges (`fd::1` is 00fd::1).
  return /^f[cd][0-9a-f]{2}:/.test(host) || /^fe[89ab][0-9a-f]:/.test(host);
}

/**
 * Whether a hostname (as the WHATWG URL parser gives it: lower case, IPv4 in dotted
 * quads, IPv6 in brackets) names this machine or the local network. A name without
 * a dot (`http://gpu-box:8080`) only resolves on an intranet.
 */
export function isLocalHostname(hostname: string): boolean {
  const host = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (host.startsWith('[') && host.endsWith(']')) return isPrivateIpv6(host.slice(1, -1));
  if (/^[\d.]+$/.test(host)) return isPrivateIpv4(host);
  if (host === 'localhost' || !host.includes('.')) return true;
  return LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/**
 * The prompt tier of a model: `override` when the person set one, else Mid for a
 * local endpoint and Full for every other host (OpenAI, Anthropic, OpenRouter and
 * any other public API). A URL that does not parse counts as public: such a model
 * cannot be reached anyway, and Full is what the person would get once fixed.
 */
export function resolvePromptTier(model: {
  readonly baseUrl: string;
  readonly promptTier?: PromptTier | undefined;
}): ResolvedPromptTier {
  if (model.promptTier !== undefined) return { tier: model.promptTier, source: 'override' };
  let hostname: string;
  try {
    hostname = new URL(model.baseUrl.trim()).hostname;
  } catch {
    return { tier: 'full', source: 'cloud-endpoint' };
  }
  return hostname !== '' && isLocalHostname(hostname)
    ? { tier: 'mid', source: 'local-endpoint' }
    : { tier: 'full', source: 'cloud-endpoint' };
}
