// Which addresses fetch_url refuses outright, whoever asks: anything but http(s),
// credentials in the URL, cleartext HTTP to another site, and the person's own
// network (private, link-local and cloud-metadata addresses, localhost and names that
// only resolve inside a network). The endpoint policy decides the first three, as for
// every other URL the extension fetches. A host on the person's network is allowed
// only when it is the run's own site (a page the person opened there).
import { checkEndpoint } from '../../../../worker/integrations/endpoint-policy';
import type { ErrorCode } from '../../../../shared/protocol/error-codes';

export type AddressCheck =
  | { readonly ok: true; readonly url: URL }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

const quad = (host: string): number[] | null => {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return match ? match.slice(1).map(Number) : null;
};

function privateIpv4([a = 0, b = 0]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

function privateIpv6(host: string): boolean {
  const address = host.slice(1, -1);
  if (address === '::' || address === '::1') return true;
  // An IPv4 address written as IPv6 reaches that IPv4 host.
  const mapped = /^::ffff:(.+)$/.exec(address);
  if (mapped) {
    const embedded = mapped[1] ?? '';
    const parts = quad(embedded);
    if (parts) return privateIpv4(parts);
    const [high = '0', low = '0'] = embedded.split(':');
    const value = (parseInt(high, 16) << 16) | parseInt(low, 16);
    return privateIpv4([(value >>> 24) & 255, (value >>> 16) & 255]);
  }
  return /^f[cd]/.test(address) || /^fe[89ab]/.test(address);
}

const INTERNAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/;

/** Whether `hostname` (as the URL parser gives it) is on the person's own network. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) return privateIpv6(host);
  const parts = quad(host);
  if (parts) return privateIpv4(parts);
  // A single-label name resolves through the local network's search domains.
  return !host.includes('.') || INTERNAL_NAME.test(host);
}

const refused = (code: ErrorCode, message: string): AddressCheck => ({ ok: false, code, message });

/** May fetch_url reach `url` at all? `siteUrl` is the run's site (its tab's page). */
export function checkFetchAddress(url: string, siteUrl: string): AddressCheck {
  let site: URL | null = null;
  try {
    site = new URL(siteUrl);
  } catch {
    site = null;
  }
  // Cleartext is allowed to the run's own http site only: the page already came that way.
  const siteHttp = site?.protocol === 'http:' ? site.origin : undefined;
  const endpoint = checkEndpoint(url, { insecureOriginAcknowledged: siteHttp });
  if (!endpoint.ok) {
    const code =
      endpoint.code === 'INSECURE_CONFIRMATION_REQUIRED' ? 'FETCH_ADDRESS_REFUSED' : endpoint.code;
    return refused(
      code,
      `${endpoint.message} fetch_url reads https:// addresses (http:// only on the run's own site).`,
    );
  }
  const target = endpoint.url;
  if (isPrivateHost(target.hostname) && target.hostname !== site?.hostname) {
    return refused(
      'FETCH_ADDRESS_REFUSED',
      `${target.hostname} is on the person's own network (private, link-local or local name); fetch_url does not reach it from a page on another host.`,
    );
  }
  return { ok: true, url: target };
}
