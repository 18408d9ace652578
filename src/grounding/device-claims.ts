// What an answer says of the user's device: "on a mobile device", "in Safari", "running Windows".
// The session's context records it (`device: { type, browser, os }`), so the words are checked
// against it: the device the prompt showed (`kept`), the one the profile's context settings left
// out (`dropped`), or another one, or none (`unsupported`).

import type { Checker, Side } from './checker.js';
import { matchesOf } from './claim-ranges.js';
import type { Claim } from './find-claims.js';
import type { GroundingFinding } from './grounding-report.js';

/** What of the device a claim names: its type, its browser or its operating system. */
export type DeviceField = 'type' | 'browser' | 'os';

/**
 * What every device claim starts with, in any case: a preposition, a word at most, and a device's
 * word or name (run before the patterns: most answers name no device; a test holds that the
 * patterns find nothing it misses).
 */
export const DEVICE_PROBE = /\b(?:on|using|from|via|in|with|running)\s+(?:(?:an?|the|their|his|her|mobile|desktop)\s+)?(?:mobile|desktop|tablet|phone|laptop|smartphone|chrome|safari|firefox|edge|opera|brave|samsung|galaxy|pixel|surface|windows|mac|os x|ios|ipados|android|linux|ubuntu|debian|fedora|imac|iphone|ipad)/i;

/** Words that end the phrase a device type is said in: punctuation, a conjunction or a preposition (`on mobile, then…`, `on a desktop in Chrome`). */
const PHRASE_END = '(?=\\s*(?:[.,;:()!?]|$)|\\s+(?:and|but|with|while|when|where|which|so|then|to|in|on|at|for|from|via|using|running|before|after|during|throughout|Chrome|Safari|Firefox|Edge|Opera|Brave|Samsung)\\b)';

/**
 * `on a mobile device`, `using a desktop`, `from their phone`, `on a tablet`: group 1 is the type's
 * word. The word ends its phrase (or a browser's name follows it), or a word for a device follows
 * it, so that `the mobile menu` and `on the desktop version` say nothing of the device. After a
 * system's or a maker's name (`on an Android tablet`, `on a Windows laptop`, `from a Samsung
 * phone`) the claim is the type's word alone: the system is a claim of its own (OS).
 */
const DEVICE_TYPE = new RegExp(`(?:\\b(?:on|using|from|via)\\s+(?:an?\\s+|the\\s+|their\\s+|his\\s+|her\\s+)?|(?<=\\b(?:on|using|from|via)\\s+(?:an?\\s+|the\\s+|their\\s+|his\\s+|her\\s+)?(?:Android|Windows|Linux|Chrome ?OS|Samsung(?: Galaxy)?|Galaxy|Pixel|Surface)\\s+))(mobile|desktop|tablet|smartphone|phone|laptop)(?:\\s+(?:device|phone|browser|computer|machine))?${PHRASE_END}`, 'gi');

/** A version after a browser's or a system's name (`Chrome 130`, `macOS 14.6`, `Windows 11`): group 2 of BROWSER and OS. */
const VERSION = '(?:\\s+v?(\\d+(?:\\.\\d+)*)\\b(?!\\s*(?:times?|x\\b|minutes?|mins?|seconds?|secs?|s\\b|hours?|clicks?|pages?|events?|tabs?|errors?|%)))?';

/**
 * `in Safari`, `using Chrome`, `on Firefox`, `in desktop Chrome`, and a browser right after a device type said so (`on
 * desktop Chrome`): group 1 is the browser, written with its capital; group 2 its version, if said.
 */
const BROWSER = new RegExp(
  `(?:\\b(?:[Ii]n|[Oo]n|[Uu]sing|[Vv]ia|[Ww]ith|[Ff]rom)\\s+(?:the\\s+)?(?:mobile\\s+)?|\\b[Ii]n\\s+desktop\\s+|(?<=\\b(?:[Oo]n|[Uu]sing|[Ff]rom|[Vv]ia)\\s+(?:(?:an?|the|their|his|her)\\s+)?(?:[Mm]obile|[Dd]esktop)\\s+))(Chrome|Safari|Firefox|Edge|Opera|Brave|Samsung Internet)\\b(?!\\s+(?:extension|DevTools|dev tools|OS)\\b)${VERSION}`,
  'g',
);

/** `on Windows`, `running macOS 14`, `using Android`, `on Ubuntu 24.04`: group 1 is the operating system, group 2 its version, if said. */
const OS = new RegExp(`\\b(?:[Oo]n|[Uu]sing|[Rr]unning|[Ww]ith)\\s+(?:an?\\s+)?(macOS|Mac OS X?|OS X|Windows|iOS|iPadOS|Android|Linux|Ubuntu|Debian|Fedora|Chrome ?OS)\\b${VERSION}`, 'g');

/** `on a Mac`, `from her iPhone`, `using an iPad`: group 1 is Apple's name of the computer, phone or tablet, which says its operating system. */
const APPLE_DEVICE = /\b(?:[Oo]n|[Uu]sing|[Ff]rom|[Vv]ia)\s+(?:an?\s+|the\s+|their\s+|his\s+|her\s+)?(Mac(?:Book(?: Pro| Air)?)?|iMac|Mac mini|iPhone|iPad)\b(?!\s+OS\b)/g;

/** The operating system Apple's devices run, as a context records it. */
const APPLE_SYSTEM: Readonly<Record<string, string>> = { iphone: 'iOS', ipad: 'iPadOS' };

/** Words for a type, as the context records types. */
const TYPE_OF: Readonly<Record<string, string>> = { mobile: 'mobile', phone: 'mobile', smartphone: 'mobile', desktop: 'desktop', laptop: 'desktop', tablet: 'tablet' };

/** Adds the claims of `text` about the user's device that no other claim overlaps. */
export function deviceClaims(text: string, add: (claim: Claim) => void, overlaps: (start: number, end: number) => boolean): void {
  for (const [pattern, field] of [
    [DEVICE_TYPE, 'type'],
    [BROWSER, 'browser'],
    [OS, 'os'],
    [APPLE_DEVICE, 'os'],
  ] as const) {
    for (const match of matchesOf(pattern, text)) {
      const start = match.index;
      const end = start + match[0].length;
      if (overlaps(start, end)) continue;
      const said = match[1] as string;
      const quote = field === 'type' ? (TYPE_OF[said.toLowerCase()] ?? said) : pattern === APPLE_DEVICE ? (APPLE_SYSTEM[said.toLowerCase()] ?? 'macOS') : match[2] === undefined ? said : `${said} ${match[2]}`;
      add({ kind: 'text', text: match[0], start, end, quote, device: field });
    }
  }
}

/** A device's name in one form: in lower case, without spaces (`Mac OS` and `macOS`, `OS X`: `macos`; `Chrome OS`: `chromeos`). */
function deviceKey(name: string): string {
  const key = name.toLowerCase().replace(/\s+/g, '');
  return key === 'osx' || key === 'macosx' ? 'macos' : key;
}

/** What the context of one side records of the device, or undefined. */
function deviceOf(checker: Checker, side: Side): Readonly<Record<string, unknown>> | undefined {
  const device = checker.context(side)?.['device'];
  return device !== null && typeof device === 'object' ? (device as Readonly<Record<string, unknown>>) : undefined;
}

/**
 * Whether `device` records `said` in `field`: the type itself; a browser or an OS whose name holds
 * it (`Chrome 130`, `macOS 14.6`), and, when a version is said, whose version starts with it
 * (`macOS 14` is `macOS 14.6`; `Chrome 13` is not `Chrome 130`). An iPad's system is iPadOS or iOS.
 */
function records(device: Readonly<Record<string, unknown>> | undefined, field: DeviceField, said: string): boolean {
  const value = device?.[field];
  if (typeof value !== 'string') return false;
  if (field === 'type') return value.toLowerCase() === said;
  const recorded = versioned(value);
  const claimed = versioned(said);
  // A Linux distribution (`Ubuntu 24.04`) runs Linux.
  const named = deviceKey(recorded.name).includes(deviceKey(claimed.name)) || (deviceKey(claimed.name) === 'ipados' && deviceKey(recorded.name) === 'ios') || (deviceKey(claimed.name) === 'linux' && LINUX_DISTRIBUTION.test(recorded.name));
  return named && (claimed.version === undefined || (recorded.version !== undefined && (recorded.version === claimed.version || recorded.version.startsWith(`${claimed.version}.`))));
}

/** Linux distributions a context may record as the operating system. */
const LINUX_DISTRIBUTION = /\b(?:ubuntu|debian|fedora)\b/i;

/** A name and the version after it, if any: `Chrome 130.0` is `Chrome` and `130.0`. */
function versioned(text: string): { readonly name: string; readonly version: string | undefined } {
  const match = /^(.*?)\s*v?(\d+(?:\.\d+)*)\s*$/.exec(text);
  return match === null ? { name: text, version: undefined } : { name: match[1] as string, version: match[2] };
}

/** The finding of a claim about the device (`claim.device` set): checked against the context of each side. */
export function deviceFinding(claim: Claim & { kind: 'text' }, path: string, checker: Checker, field: DeviceField): GroundingFinding {
  const found = (verdict: GroundingFinding['verdict'], reason?: string): GroundingFinding => ({ kind: 'text', text: claim.text, path, verdict, ...(reason === undefined ? {} : { reason }) });
  if (records(deviceOf(checker, 'kept'), field, claim.quote)) return found('kept');
  const left = deviceOf(checker, 'dropped');
  if (records(left, field, claim.quote)) return found('dropped', "the session's context holds it, but the profile's context settings leave that element out");
  const device = deviceOf(checker, 'kept') ?? left;
  const recorded = typeof device?.[field] === 'string' ? (device[field] as string) : undefined;
  const what = field === 'type' ? 'device type' : field === 'browser' ? 'browser' : 'operating system';
  return found('unsupported', recorded === undefined ? `the session records no ${what}` : `the session's ${what} is ${recorded}`);
}
