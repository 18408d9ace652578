// Redaction of one text and one URL by compiled privacy rules: every span a preset or a pattern
// matches becomes its typed placeholder (`[email]`, `[<pattern name>]`), every stripped query
// parameter leaves the URL, and each replacement is counted under its rule. Nothing else of the
// text changes: a rule never removes a word it did not match.

import { findPresetMatches } from './presets.js';
import type { PrivacyRules } from './privacy-rules.js';

/**
 * How many replacements each rule made, by rule name (`email`, `card`, ..., a pattern's name,
 * `masked`, `blocked`, `url_param`).
 *
 * @category Privacy
 */
export type PrivacyCounts = Map<string, number>;

interface Span {
  readonly start: number;
  readonly end: number;
  readonly rule: string;
}

const count = (counts: PrivacyCounts, rule: string, by = 1) => counts.set(rule, (counts.get(rule) ?? 0) + by);

/** Spans of the customer's patterns in `text`, each rule's matches left to right. */
function patternSpans(text: string, rules: PrivacyRules): Span[] {
  const spans: Span[] = [];
  for (const { name, regex } of rules.patterns) {
    const matcher = regex.matcher(text);
    while (matcher.find()) {
      const start = matcher.start();
      const end = matcher.end();
      if (end > start) spans.push({ start, end, rule: name });
    }
  }
  return spans;
}

/**
 * Replaces what the rules' presets and patterns match in `text` by placeholders, and counts them.
 * Where matches overlap the one that starts first wins (the longer at the same start), so a span
 * is replaced once.
 *
 * @param text - Any text of a session: an element's text, an input value, a console message.
 * @param rules - Compiled rules (see {@link parsePrivacyRules}).
 * @param counts - Incremented per rule for each replacement.
 * @returns The redacted text; `text` itself when nothing matched.
 * @category Privacy
 */
export function redactText(text: string, rules: PrivacyRules, counts: PrivacyCounts): string {
  if (text.length === 0 || (rules.presets.size === 0 && rules.patterns.length === 0)) return text;
  const spans = spansIn(text, rules);
  return spans.length === 0 ? text : replaced(text, spans, counts);
}

/** The spans of the presets' and patterns' matches in `text`, by start (the longer first at the same start); they may overlap. */
function spansIn(text: string, rules: PrivacyRules): Span[] {
  const matches = findPresetMatches(text, rules.presets);
  // Most texts hold nothing: they cost no copy of the matches.
  if (matches.length === 0 && rules.patterns.length === 0) return [];
  const spans: Span[] = matches.map((match) => ({ start: match.start, end: match.end, rule: match.preset }));
  // Not push(...): a long text may hold more matches than a call takes arguments.
  if (rules.patterns.length > 0) for (const span of patternSpans(text, rules)) spans.push(span);
  return spans.sort((a, b) => a.start - b.start || b.end - a.end);
}

/**
 * `text` with each span replaced by its placeholder, counted; a span that overlaps one replaced is
 * dropped. A span that is its placeholder already (`s://:[secret]@`, a URL's password redacted
 * before) is no replacement and is not counted: a text the rules leave as it is counts nothing, as
 * the privacy probe, which asks whether a text changes, takes it (see PrivacyProbe).
 */
function replaced(text: string, spans: readonly Span[], counts: PrivacyCounts): string {
  let redacted = '';
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue;
    const placeholder = `[${span.rule}]`;
    redacted += text.slice(at, span.start) + placeholder;
    at = span.end;
    if (span.end - span.start !== placeholder.length || !text.startsWith(placeholder, span.start)) count(counts, span.rule);
  }
  return redacted + text.slice(at);
}

/**
 * Removes the rules' `strip_url_params` from a URL's query (absolute or relative), leaving every
 * other character of it as it was; then redacts what remains like any text (an email in a path).
 *
 * @returns The URL without those parameters; `url` itself when nothing changed.
 * @category Privacy
 */
export function redactUrl(url: string, rules: PrivacyRules, counts: PrivacyCounts): string {
  return redactText(rewriteUrl(url, rules, counts), rules, counts);
}

/**
 * A URL without the rules' `strip_url_params`, and with what escapes hide in it redacted
 * (`?email=[email]`): {@link redactUrl} but for the presets and patterns over the URL's plain text,
 * which a caller redacting the text around the URL runs once over the whole.
 */
export function rewriteUrl(url: string, rules: PrivacyRules, counts: PrivacyCounts): string {
  const stripped = rules.stripUrlParams.size > 0 ? withoutStrippedParams(url, rules.stripUrlParams, counts) : url;
  return stripped.includes('%') || stripped.includes('+') ? redactEscaped(stripped, rules, counts) : stripped;
}

/**
 * `url` without the parameters named in `names`: those of its query, and those of its fragment
 * when the fragment carries parameters (`#access_token=…&state=…`, as OAuth's implicit flow
 * returns a token; `#/reset?token=…`, a single-page app's route). A query or fragment left
 * empty loses its `?` or `#`.
 */
function withoutStrippedParams(url: string, names: ReadonlySet<string>, counts: PrivacyCounts): string {
  const hashAt = url.indexOf('#');
  const queryAt = url.indexOf('?');
  let head = hashAt === -1 ? url : url.slice(0, hashAt);
  if (queryAt !== -1 && (hashAt === -1 || queryAt < hashAt)) {
    const kept = keptParams(url.slice(queryAt + 1, hashAt === -1 ? undefined : hashAt), names, counts);
    if (kept !== undefined) head = url.slice(0, queryAt) + (kept === '' ? '' : `?${kept}`);
  }
  if (hashAt === -1) return head === url ? url : head;
  let fragment = url.slice(hashAt + 1);
  const routeQueryAt = fragment.indexOf('?');
  if (routeQueryAt !== -1) {
    const kept = keptParams(fragment.slice(routeQueryAt + 1), names, counts);
    if (kept !== undefined) fragment = fragment.slice(0, routeQueryAt) + (kept === '' ? '' : `?${kept}`);
  } else if (fragment.includes('=')) {
    const kept = keptParams(fragment, names, counts);
    if (kept !== undefined) fragment = kept;
  }
  const rewritten = fragment === '' && url.length > hashAt + 1 ? head : `${head}#${fragment}`;
  return rewritten === url ? url : rewritten;
}

/**
 * The `&`-separated parameters of `params` whose decoded name, in lower case, is not in `names`
 * (lower case), joined again, each value that is itself a URL or a route with a query (`next=%2Fjoin%3Finvite%3D…`,
 * `return_to=https%3A%2F%2F…`) without those parameters too; undefined when nothing changed.
 */
function keptParams(params: string, names: ReadonlySet<string>, counts: PrivacyCounts): string | undefined {
  // `;` separates parameters too on many servers (`a=1;token=…`); each kept one keeps its separator.
  const pieces = params.split(/([&;])/);
  let changed = false;
  let kept = '';
  let first = true;
  for (let at = 0; at < pieces.length; at += 2) {
    const pair = pieces[at] as string;
    const separator = first ? '' : (pieces[at - 1] ?? '&');
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (isStrippedName(decodedPiece(name).toLowerCase(), names)) {
      count(counts, 'url_param');
      changed = true;
      continue;
    }
    const value = equals === -1 ? '' : pair.slice(equals + 1);
    const nested = value === '' ? undefined : withoutNestedParams(value, names, counts);
    if (nested === undefined) kept += separator + pair;
    else {
      kept += `${separator}${name}=${nested}`;
      changed = true;
    }
    first = false;
  }
  return changed ? kept : undefined;
}

/** Whether a parameter's name (decoded, lower case) is one of `names`, also as a list or a map's entry (`token[]`, `token[0]`, `token[id]`). */
function isStrippedName(name: string, names: ReadonlySet<string>): boolean {
  if (names.has(name)) return true;
  const bracket = name.indexOf('[');
  return bracket > 0 && name.endsWith(']') && names.has(name.slice(0, bracket));
}

/** A parameter's value that is a URL or a route with a query or fragment, without `names`, escaped again; undefined when it is not one or nothing changed. */
function withoutNestedParams(value: string, names: ReadonlySet<string>, counts: PrivacyCounts): string | undefined {
  const decoded = decodedPiece(value);
  if (!(decoded.includes('?') || decoded.includes('#')) || !decoded.includes('=')) return undefined;
  const rewritten = withoutStrippedParams(decoded, names, counts);
  if (rewritten === decoded) return undefined;
  return decoded === value ? rewritten : encodeURIComponent(rewritten.toWellFormed());
}

/** A piece of a URL decoded (`+` as a space); as written when an escape is malformed. */
function decodedPiece(piece: string): string {
  try {
    return decodeURIComponent(piece.replaceAll('+', ' '));
  } catch {
    return piece;
  }
}

/** A piece of a URL between delimiters: a path segment, a query parameter's name or value, the fragment. */
const URL_PIECE = /[^/?#&=]+/g;

/**
 * The pieces of a URL that hide what the rules match behind escapes (`?email=dave%40example.com`):
 * each is decoded, and when the rules match in the decoded text it is replaced by the redacted
 * text, escaped again (placeholders stay readable: `?email=[email]`). The scheme and host are left
 * as they are. Also run over a word of a text that holds escapes outside any URL (redactEscapedWords).
 */
export function redactEscaped(url: string, rules: PrivacyRules, counts: PrivacyCounts, level = 0): string {
  const hostEnd = hostEndOf(url);
  const rest = url.slice(hostEnd).replace(URL_PIECE, (piece) => {
    const decoded = unescapedPiece(piece);
    if (decoded === undefined) return piece;
    // A piece that is a URL escaped once more, as a login's redirect target carries the page asked
    // for (`next=%2Fverify%3Fphone%3D%252B44%252020…`), hides escaped pieces of its own: they are
    // decoded and redacted a level deeper first.
    const nested = level < NESTED_LEVELS && holdsEscapes(decoded) ? redactEscaped(decoded, rules, counts, level + 1) : decoded;
    const redacted = nested === decoded ? redactDecodedPiece(piece, decoded, rules, counts) : redactText(nested, rules, counts);
    // A lone surrogate (a text cut inside an emoji) is escaped as the replacement character, as echoes.ts escapes one: encodeURIComponent throws on it.
    return redacted === decoded ? piece : encodeURIComponent(redacted.toWellFormed()).replace(/%5B([\w-]+)%5D/g, '[$1]');
  });
  return url.slice(0, hostEnd) + rest;
}

/** How many times over a URL's pieces are decoded when what one decodes to holds escapes again (`%25252B`: three). */
const NESTED_LEVELS = 4;

/**
 * Whether a decoded piece of a URL holds escapes of its own (`/verify?phone=%2B44%2020…`), or is a
 * query whose spaces are `+`s (`/verify?phone=0044+20+7946+0958`); not a text with a `+` in it
 * (`call me on +44 20 …`, a value decoded whole).
 */
const holdsEscapes = (decoded: string): boolean => /%[0-9a-f]{2}/i.test(decoded) || (decoded.includes('+') && /[?=&]/.test(decoded));

/**
 * A piece of a URL decoded (`+` as a space) and redacted. A `+` is also read as itself, as
 * `encodeURI`, a browser and a URL built by hand leave it (`?phone=+44%2020%207946%200958`,
 * `?email=ada+news@example.com`): what either reading matches is replaced. The two readings differ
 * only at the `+`s, one character each, so their spans are at the same places; spans that overlap
 * are replaced as one.
 */
function redactDecodedPiece(piece: string, decoded: string, rules: PrivacyRules, counts: PrivacyCounts): string {
  if (!piece.includes('+')) return redactText(decoded, rules, counts);
  const spans = [...spansIn(decoded, rules), ...spansIn(decodeURIComponent(piece), rules)].sort((a, b) => a.start - b.start || b.end - a.end);
  const joined: Span[] = [];
  for (const span of spans) {
    const last = joined[joined.length - 1];
    if (last !== undefined && span.start < last.end) joined[joined.length - 1] = { ...last, end: Math.max(last.end, span.end) };
    else joined.push(span);
  }
  return joined.length === 0 ? decoded : replaced(decoded, joined, counts);
}

/**
 * The pieces of `url` that redactEscaped decodes and redacts, decoded: a caller that finds no
 * preset may match any of them, nor the URL as it is, knows that redactUrl changes nothing.
 */
export function escapedPiecesOf(url: string, level = 0): string[] {
  const pieces: string[] = [];
  for (const piece of url.slice(hostEndOf(url)).match(URL_PIECE) ?? []) {
    const decoded = unescapedPiece(piece);
    if (decoded === undefined) continue;
    pieces.push(decoded);
    // And the pieces of a URL escaped once more, decoded a level deeper (see redactEscaped).
    if (level < NESTED_LEVELS && holdsEscapes(decoded)) pieces.push(...escapedPiecesOf(decoded, level + 1));
    // With its `+`s as themselves (see redactDecodedPiece).
    if (piece.includes('+')) pieces.push(decodeURIComponent(piece));
  }
  return pieces;
}

/** Where a URL's scheme and host end (0 for a URL without them): they are never decoded. */
function hostEndOf(url: string): number {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0].length ?? 0;
}

/**
 * A piece of a URL decoded (`+` as a space, but for a country code's at its start:
 * `?phone=+44+20+7946+0958`); undefined when it has no escape or is not well escaped.
 */
function unescapedPiece(piece: string): string | undefined {
  if (!piece.includes('%') && !piece.includes('+')) return undefined;
  try {
    const spaced = piece.replaceAll('+', ' ');
    return decodeURIComponent(/^\+\d/.test(piece) ? `+${spaced.slice(1)}` : spaced);
  } catch {
    return undefined;
  }
}
