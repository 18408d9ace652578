// The `ip` preset: IPv4 dotted quads (zero-padded ones too), and IPv6 addresses (compressed forms
// included) holding at least one digit, validated by `isIP`.

import { createRequire } from 'node:module';
import { matchesOf, spansOf, type Detector, type Span } from './detector.js';
import type { TextFacts } from './text-facts.js';

/** 0–255, also zero-padded (`192.168.001.010`, as routers and some logs print addresses). */
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d|0\\d\\d?)';

/** Four octets, not preceded by a word character or a dot and not followed by `.digit` or a word character. */
const IPV4 = new RegExp(`(?<![\\w.])(?:${OCTET}\\.){3}${OCTET}(?!\\.?\\w)`, 'g');

/**
 * A run of hex digits, colons and dots that has a colon within its first 5 characters, at most 45
 * long; the run must be whole (bounded on both sides), so a failed attempt costs at most 45 steps.
 */
const IPV6_CANDIDATE = /(?<![\w:.])[0-9A-Fa-f]{0,4}:[0-9A-Fa-f:.]{1,44}(?![\w:.])/g;
/** The same right after a name and its colon, as a header or a log writes it (`X-Real-IP:2001:db8::1a`, `client_ip:2001:db8:7::c1`). */
const IPV6_AFTER_NAME = /(?<=[A-Za-z_]:)[0-9A-Fa-f]{1,4}:[0-9A-Fa-f:.]{1,44}(?![\w:.])/g;

let netIsIp: ((input: string) => number) | undefined;

/**
 * `isIP` of node:net, required when an address is first checked: node:net brings Node's socket and
 * stream modules, about a millisecond of every command's start-up.
 */
export function isIP(input: string): number {
  netIsIp ??= (createRequire(import.meta.url)('node:net') as typeof import('node:net')).isIP;
  return netIsIp(input);
}

/**
 * What findIps asks before it runs a regular expression: an IPv4 address has 4 digits and 3 dots,
 * an IPv6 one a digit and 2 colons. The privacy probe asks it of the counts it takes as it copies.
 */
export function mayHoldIpAddress(digits: number, dots: number, colons: number): boolean {
  return (digits >= 4 && dots >= 3) || (digits >= 1 && colons >= 2);
}

export const ipDetector: Detector = {
  mayMatch: (facts) => mayHoldIpAddress(facts.digits, facts.dots, facts.colons),
  find: findIps,
};

function findIps(facts: TextFacts): Span[] {
  // Spans are added one by one, not with push(...): a long text may hold more than a call takes arguments.
  const spans: Span[] = [];
  if (facts.digits >= 4 && facts.dots >= 3) for (const span of spansOf(IPV4, facts.text)) if (!isNetworkAddress(facts.text, span)) spans.push(span);
  // An address has two colons (see isIpv6Address): `https://host/` has one.
  if (facts.colons >= 2) for (const span of findIpv6(facts.text)) spans.push(span);
  return spans;
}

/**
 * Whether an IPv4 address is `N.0.0.0`: a network's address (`10.0.0.0`, `0.0.0.0`), no host's, and
 * how a browser's user agent writes its version (`Chrome/120.0.0.0`, `OPR/106.0.0.0`), which a
 * session's device records.
 */
function isNetworkAddress(text: string, span: Span): boolean {
  return text.startsWith('.0.0.0', span.end - 6);
}

function findIpv6(text: string): Span[] {
  const spans: Span[] = [];
  for (const pattern of [IPV6_CANDIDATE, IPV6_AFTER_NAME]) {
    for (const match of matchesOf(pattern, text)) {
      const address = withoutTrailingDots(match[0]);
      if (isIpv6Address(address) && !isSliceInCode(text, match.index, address)) spans.push({ start: match.index, end: match.index + address.length });
    }
  }
  return spans.sort((left, right) => left.start - right.start);
}

function withoutTrailingDots(candidate: string): string {
  let end = candidate.length;
  while (end > 0 && candidate[end - 1] === '.') end--;
  return candidate.slice(0, end);
}

/** At least two colons and one digit (so `10:00` and hex words like `dead::beef` are not addresses), and valid for `isIP`. */
function isIpv6Address(candidate: string): boolean {
  if (candidate.indexOf(':') === candidate.lastIndexOf(':')) return false;
  if (!/\d/.test(candidate)) return false;
  return isIP(candidate) === 6;
}

/**
 * Whether a candidate of decimal digits and colons only (`1::2`, `::2`, `0:10:2`) is the slice of
 * a list in code rather than an address: inside the brackets of an index (`arr[1::2]`,
 * `m[0, 1::3]`: a `[` right after a name or a closing bracket, not closed before it), and
 * followed by `]` or `,`. An address in a URL (`http://[::1]:8080/`) has `/` before its bracket.
 */
function isSliceInCode(text: string, start: number, candidate: string): boolean {
  if (!SLICE.test(candidate)) return false;
  const after = text[start + candidate.length];
  if (after !== ']' && after !== ',') return false;
  const open = text.lastIndexOf('[', start - 1);
  if (open < 1 || start - open > 40) return false;
  const close = text.indexOf(']', open);
  if (close !== -1 && close < start) return false;
  return /[\w)\]]/.test(text[open - 1] as string);
}

/** A slice's shape: up to three parts of decimal digits between colons, two of them at least. */
const SLICE = /^\d*:\d*(?::\d*)?$/;
