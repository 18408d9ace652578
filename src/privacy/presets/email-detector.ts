// The `email` preset: `local@domain.tld`, with a dot in the domain and a TLD of 2+ letters (or an
// internationalised one in its `xn--` form); local parts and domains in any script (`josé@`,
// `@münchen.de`), as mail systems accept them (RFC 6531); the `@` also escaped as in a URL
// (`ada%40example.com`, in a relative URL that a console message or a log holds). An `@` written as
// an HTML character reference (`ada&#64;example.com`) is read decoded (see character-escapes.ts).
// A quoted local part and a domain in brackets are read by email-forms.ts.

import { spansOf, type Detector, type Span } from './detector.js';
import { findOtherAddressForms } from './email-forms.js';
import type { TextFacts } from './text-facts.js';

/**
 * A local part of letters, digits and `._%+-`, and `'` inside it as Irish and Italian names have it
 * (`o'connell@example.ie`), not starting with a dot or `'` (at most 64 characters), `@`
 * or `%40`,
 * 1 to 8 domain labels each followed by a dot, and a TLD of letters or `xn--…`. Letters (with the
 * combining marks of Devanagari, Tamil, Thai and accents written apart: `सुरेश@उदाहरण.भारत`) and digits
 * of any script. A TLD in Latin letters ends where they do, so that the text after it may run on
 * in another script or after a dash (`yuki@example.jpは既に…`, `priya@example.com-suspended`). The look-behind makes a match start where a run of local-part characters starts
 * (or after a dot), so a long run is scanned once, not from each of its characters.
 */
const EMAIL = /(?<![\p{L}\p{M}\p{N}_%+-])[\p{L}\p{N}_%+-][\p{L}\p{M}\p{N}._%+'-]{0,63}(?:@|%40)(?:[\p{L}\p{M}\p{N}-]{1,63}\.){1,8}(?:xn--[a-z0-9-]{1,59}(?![\p{L}\p{M}\p{N}-])|(?!xn-)[a-z]{2,24}(?![a-z0-9\p{M}])|[\p{L}\p{M}]{2,24}(?![\p{L}\p{M}\p{N}-]))/giu;

/** What comes before the password of a URL's user info (`https://admin:`), as the `secret` preset finds it. */
const URL_USER_BEFORE = /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/[^\s/?#@:"'<>`]*:$/i;
/** How far back from an address to look for a URL's user info. */
const USER_INFO_LOOK_BACK = 320;

export const emailDetector: Detector = {
  mayMatch: (facts) => facts.text.length >= 6 && facts.ats > 0,
  find: findEmails,
};

/** Addresses (EMAIL) that are not a URL's password, and those with a quoted local part or a domain in brackets (see email-forms.ts). */
function findEmails(facts: TextFacts): Span[] {
  const spans = spansOf(EMAIL, facts.text).filter((span) => !isUrlPassword(facts.text, span));
  for (const span of findOtherAddressForms(facts.text)) spans.push(span);
  return spans;
}

/**
 * Whether an address is the password and host of a URL's user info (`https://admin:hunter2@db.example.com`):
 * the `secret` preset replaces the password, and the host stays.
 */
function isUrlPassword(text: string, span: Span): boolean {
  return text.charCodeAt(span.start - 1) === 0x3a && URL_USER_BEFORE.test(text.slice(Math.max(0, span.start - USER_INFO_LOOK_BACK), span.start));
}
