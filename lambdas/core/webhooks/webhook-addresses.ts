import { isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '../../../shared/webhooks';
import { ValidationError } from '../errors';

/**
 * Where a webhook may be sent (issue 23 §8). A customer names the URL, so an endpoint must never
 * turn our Lambdas into a way into private networks or the instance metadata service. This module
 * says which IP literals are refused; the transport refuses the addresses a host name resolves to.
 */

/** IPv4 ranges that are not the public internet (RFC 6890 and friends): [network, prefix length]. */
const V4_BLOCKED: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (the metadata service lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

function inV4Range(ip: string, [network, bits]: readonly [string, number]): boolean {
  const size = 2 ** (32 - bits);
  return Math.floor(v4ToInt(ip) / size) === Math.floor(v4ToInt(network) / size);
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4ToInt(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16));
}

const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64), if it carries one. */
function embeddedV4(g: number[]): string | null {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return v4(g[6]!, g[7]!); // ::ffff:a.b.c.d (mapped)
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return v4(g[6]!, g[7]!); // ::ffff:0:a.b.c.d (translated)
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4(g[6]!, g[7]!); // 64:ff9b::/96 (NAT64)
  if (zeros(0, 6) && (g[6] !== 0 || g[7]! > 1)) return v4(g[6]!, g[7]!); // ::a.b.c.d (compatible)
  return null;
}

function isBlockedV6(ip: string): boolean {
  const g = v6Groups(ip);
  if (g.length !== 8 || g.some((x) => Number.isNaN(x))) return true;
  const inner = embeddedV4(g);
  if (inner) return isBlockedV4(inner);
  if (g.every((x) => x === 0)) return true; // ::
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true; // ::1
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((first & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((first & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  if (first === 0x2001 && g[1] === 0x0db8) return true; // 2001:db8::/32 documentation
  if (first === 0x2002) return isBlockedV4(v4(g[1]!, g[2]!)); // 2002::/16 (6to4) carries an IPv4 address
  return false;
}

function isBlockedV4(ip: string): boolean {
  return V4_BLOCKED.some((range) => inV4Range(ip, range));
}

/** True for an IP literal (v4 or v6, brackets allowed) that is not a public unicast address. */
export function isBlockedAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '');
  const version = isIP(ip.split('%')[0]!);
  if (version === 4) return isBlockedV4(ip);
  if (version === 6) return isBlockedV6(ip);
  return false;
}

/** Host names that are loopback whatever DNS says. */
const LOOPBACK_NAMES = /^(localhost|localhost\.|.+\.localhost\.?)$/i;
const LOOPBACK_LITERALS = new Set(['127.0.0.1', '[::1]']);

export interface WebhookUrlPolicy {
  /**
   * The local stack only: `http://localhost` and `http://127.0.0.1` receivers (a developer's own
   * machine). Never set in AWS (lambdas/composition/webhooks.root.ts refuses it there).
   */
  allowLoopback: boolean;
}

/** Whether `host` (as URL.hostname gives it) is this machine, when the policy allows that. */
export function isAllowedLoopback(host: string, policy: WebhookUrlPolicy): boolean {
  return policy.allowLoopback && (LOOPBACK_LITERALS.has(host) || LOOPBACK_NAMES.test(host));
}

/**
 * Checks an endpoint's URL before it is stored and again before each attempt (400 naming `url`):
 * https only (plain http only for the local stack's loopback), no credentials in it, and no IP
 * literal or name that is private, loopback or link-local. Names that resolve to such addresses
 * are refused by the transport at connection time (DNS can change after this check).
 */
export function assertWebhookUrl(raw: string, policy: WebhookUrlPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValidationError('url', WEBHOOK_MESSAGES.urlInvalid);
  }
  if (url.username || url.password) throw new ValidationError('url', WEBHOOK_MESSAGES.urlCredentials);
  const loopback = isAllowedLoopback(url.hostname, policy);
  if (url.protocol !== 'https:' && !(loopback && url.protocol === 'http:'))
    throw new ValidationError('url', WEBHOOK_MESSAGES.urlNotHttps);
  if (loopback) return url;
  if (LOOPBACK_NAMES.test(url.hostname) || isBlockedAddress(url.hostname) || isNumericHost(url.hostname))
    throw new ValidationError('url', WEBHOOK_MESSAGES.urlPrivate);
  return url;
}

/**
 * Hosts that are numbers in another spelling: WHATWG URL already turns `0x7f.1`, `2130706433` and
 * `017700000001` into dotted IPv4, which `isBlockedAddress` judges; what is left all-numeric with
 * dots and no letters is not a name anyone registers.
 */
function isNumericHost(host: string): boolean {
  return /^[\d.]+$/.test(host) && isIP(host) === 0;
}
