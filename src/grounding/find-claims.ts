// Finding the checkable claims of a text: event references (`#12`, `#12–#15`), URLs and paths,
// quoted texts, CSS selectors, counts of events ("3 dead clicks", "rage-clicked 5 times"), mentions
// and denials of friction signals ("a rage click", "no errors") and durations ("after 2 minutes"). Pure and linear in the text: each pattern runs once over it, and
// not at all when a cheap probe shows that it cannot find a claim there.

import { DEVICE_PROBE, deviceClaims, type DeviceField } from './device-claims.js';
import { bareReferences } from './bare-references.js';
import { bareLabel, matchesOf, probedOutside, Ranges, targetOf, Targets, unquotedNameAt } from './claim-ranges.js';
import { countTopics, noneTopic, partTopic, scopedTopic, type CountTopic } from './count-topics.js';
import { scopeAfter } from './count-scope.js';
import { isRank } from './event-rank.js';
import { hasWordCharacter } from './normal-text.js';
import { isHexColour, isNoSelector } from './not-a-selector.js';
import { isNegatedBefore } from './denial.js';
import { CLICK_PROBE, clickClaims, SIGNAL_PROBE, signalClaims } from './signal-claims.js';
import { amountsIn, mayHoldAmount } from './amounts.js';
import { mayHoldSize, sizesIn } from './sizes.js';
import { bracketCitations } from './bracket-references.js';
import { keyValueClaims, mayHoldKeyValueLines } from './key-value-lines.js';
import { labelCountClaims, mayHoldLabelCounts } from './label-count-lines.js';
import type { Duration } from './durations.js';
import { clockReading } from './time-of-day.js';
import { isClosingTag, isInDeclaration } from './markup-tags.js';
import { SHARE_PROBE, shareClaims } from './share-claims.js';
import { cutUrl, trimUrl } from './url-ends.js';
import { AT_MOST_BEFORE, atMostTopic, strictBound } from './bounded-counts.js';
import { tableCitations, tableCountClaims } from './table-cells.js';
import { isoDurations } from './iso-durations.js';
import { offsetReadings } from './offset-readings.js';

import type { Claim } from './claim.js';

export type { Claim };

/** The most events one range (`#1–#900`) stands for: a longer range is one claim of its ends. */
const MAX_RANGE = 200;

// A range's ends are apart by a dash, `..`, an ellipsis (`#48…#50`, `#48...#50`), `to`, `through` (`thru`) or Japanese's wave dash (`#45〜#83`).
const RANGE_TO = '(?:[-–—〜～…]|\\.{2,3}|to|through|thru)';
/** A quote or code that holds citations and nothing else (`"#40"`, an XML attribute's `refs="#48 #49 #50"`): those citations. */
const CITATIONS_ONLY = /^#\d+(?:[\s,;]+#\d+)*$/;
const EVENT_REFERENCE = new RegExp(`#(\\d{1,12})(?:\\s*${RANGE_TO}\\s*#?(\\d{1,12}))?(?![\\w-])`, 'g');
/**
 * An event cited by the word ("(event 12)", "events 12–15", "event index 12", "event no. 12"), or
 * its abbreviation ("(ev. 12)", "(evt 12)", or glued with a hyphen, "evt-12"): not a number of times or a measure after it ("the
 * Signup event 3 times", "event 2 seconds later").
 */
const EVENT_WORD_REFERENCE = new RegExp(
  `\\b(?:(?:events?|evts?\\.?|ev\\.)\\s+(?:(?:index|no\\.?|number)\\s*)?#?|evt?[-_])(\\d{1,7})(?:\\s*${RANGE_TO}\\s*(?:events?\\s+)?#?(\\d{1,7}))?(?![\\w-]|[.,]\\d|\\s*(?:times?\\b|x\\b|×|%|events?\\b|clicks?\\b|errors?\\b|pages?\\b|requests?\\b|(?:milli)?seconds?\\b|minutes?\\b|hours?\\b|days?\\b|s\\b|ms\\b|min\\b|h\\b|of\\b))`,
  'gi',
);
const EVENT_WORD_PROBE = /event|\bevt|\bev[._-]/i;
// A URL may hold a privacy placeholder (`?token=[secret]`): the prompt showed it so.
// A URL ends at a space, a quote (typographic ones too), a closing bracket, or punctuation of CJK
// text or its full-width forms (`（www.shop.example/cart）を開き`, `「…」`, `、`), none of which a URL holds unencoded.
const URL_END = String.raw`\s"'<>\x60)\]“”‘’«»„\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65`;
const FULL_URL = new RegExp(String.raw`\bhttps?:\/\/(?:\[[\w-]*\]|[^${URL_END}])+`, 'gi');
// A host with a path (`shop.example/cart`, `localhost:8931/orders`) or `www.` (`www.shop.example`), without a scheme.
const HOST = String.raw`(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?::\d{2,5})?|(?:localhost|\d{1,3}(?:\.\d{1,3}){3}):\d{2,5})`;
const BARE_URL = new RegExp(String.raw`(?<![\w@/.:-])(?:www\.[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d{2,5})?|${HOST}(?=\/))(?:\/(?:\[[\w-]*\]|[^${URL_END}])*)?`, 'gi');
const HOST_WITH_PATH = new RegExp(String.raw`^${HOST}\/`, 'i');
// A path starts after a space, a quote or a bracket: not after a price (`129€/unit`, `5 $/month`),
// nor after an ellipsis, as `../` is not (`…/pipelines/48213/retry` is the end of a URL left out).
const PATH = new RegExp(String.raw`(?<![\w.…:/@$€£¥₹%-])\/[a-z0-9_~-][\w\-./%~]*(?:\?(?:\[[\w-]*\]|[^${URL_END}])*)?`, 'gi');
// Quotes as languages write them: "…", “…”, ‘…’, «…», '…', and „…“ ‚…‘ »…« 「…」 『…』.
const QUOTED = /"((?:[^"\\\n]|\\.|(?<=\s)"(?=\w)[^"\n]{1,100}?"(?=[ \t]*[^\s"])){1,300})"|„([^“”\n]{1,300})[“”]|“([^”\n]{1,300})”|‚([^‘’\n]{1,300})[‘’]|‘((?:[^’\n]|(?<=\p{L})’(?=\p{L})){1,300})’|«\s?([^»\n]{1,300}?)\s?»|»\s?([^«\n]{1,300}?)\s?«|「([^」\n]{1,300})」|『([^』\n]{1,300})』|(?<![\w'])'((?:[^'\n]|(?<=\p{L})'(?=\p{L})){1,300})'(?![\w'])/gu;
const BACKTICKED = /`([^`\n]{1,300})`/g;
// An HTTP error status a request got: "returned a 404", "failed with HTTP 500", "timed out with a 504", "failed (#12) with a 500", "errored (#37, #39)
// with a 502", "failed once with a 500", "rejected the file with a 413" (up to three words between),
// "status 502", "hit a 404", "got a 503", "a 500 error", "503 Service Unavailable" (not "the 404 page", nor a number
// of things: "500 units", "returned 500 results", "got 500 points"), "413 Payload Too Large", "a 413 on the export", "a 503 from /v3/pay", "both 413s", and a code
// alone right before a citation in any language ("com um erro 413 (#42)", "lỗi 500 (#51)"; not "after the 502 (#59)", the
// moment the cited event came after); not after a negation ("never returned a 404").
const STATUS_CODE =
  /\b(?:(?:returned|returning|returns|responded with|answered(?: with)?|answers(?: with)?|(?:failed|errored|timed out|rejected|refused|denied|aborted) with|(?<=\b(?:failed|errored|timed out|rejected|refused|denied|aborted)\s+\(#\d{1,6}(?:\s*(?:,|and|[–-])\s*#\d{1,6}){0,3}\)\s+)with|(?<=\b(?:failed|errored|timed out|rejected|refused|denied|aborted)(?:[ \t]+[\w'’-]+){1,3}[ \t]+)with|http|status(?: code)?|error code|hit|hits|hitting|got|gets|getting|encountered|encounters|encountering|received|receives|receiving|saw|sees|threw|throws|triggered|triggers|produced|produces|gave|gives)\s+(?:an?\s+)?(?:http\s+)?(?:\*\*)?([45]\d\d)(?:\*\*)?(?!\s+(?!(?:errors?|responses?|status|code|from|for|on|when|after|before|and|or|but|in|at|to|with|instead|again|twice|once|each|every|while)\b)[a-z])|([45]\d\d)(?:\*\*)?\s+(?:errors?|responses?|status(?: code)?|internal server error|not found|bad request|unauthori[sz]ed|forbidden|payment required|bad gateway|service unavailable|gateway time-?out|too many requests|conflict|unprocessable(?: entity)?|(?:payload|request entity|content) too large|gone|method not allowed|not acceptable|request time-?out|precondition failed|unsupported media type|not implemented)|\ban?\s+(?:\*\*)?([45]\d\d)(?:\*\*)?(?=\s+(?:on|for|when|from)\s)|\b(?:both|two|three|four|several|multiple|repeated|consecutive)\s+([45]\d\d)s|(?<![\w#$€£¥₹.,:/+-])(?<![$€£¥₹]\s|\b(?:the|after|before|since|until|following)\s+)([45]\d\d)(?=[ \t]*\((?:#|events?[ \t]+)\d))(?![\w.,]\d|[\w-])/gi;
// What STATUS_CODE needs: three digits from 400 to 599 on their own (not `#9500`, a citation's digits).
const STATUS_PROBE = /(?<!\w)[45]\d\d(?!\d)/;

/** An HTTP method before a URL (`POST /api/coupon`): the URL is the claim. */
const HTTP_METHOD = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(?=\S)/;
// `button#apply`, `#coupon-code`, `aside.summary span.total` (a class alone only in backticks).
const TAGS = 'a|abbr|article|aside|button|canvas|dialog|div|fieldset|figure|footer|form|h[1-6]|header|iframe|img|input|label|li|main|nav|ol|option|p|section|select|span|svg|table|td|textarea|th|tr|ul|video';
const BARE_SELECTOR = new RegExp(`(?<![\\w#/.@-])(?:[a-z][a-z0-9]*#[a-z_][\\w-]*(?:[.#][a-z_][\\w-]*)*|(?:${TAGS})(?:\\.[a-z_][\\w-]*)+|#[a-z_][\\w-]*[a-z_-][\\w-]*)(?![\\w-]|\\.[a-z])`, 'g');
const SELECTOR_SHAPE = /^(?:[a-z][a-z0-9]*|[#.][a-z_][\w-]*)(?:[#.][a-z_][\w-]*|\[[^\]]+\])*(?:\s*[ >+~]\s*(?:[a-z][a-z0-9]*|[#.][a-z_][\w-]*)(?:[#.][a-z_][\w-]*|\[[^\]]+\])*)*$/i;

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20,
  once: 1, twice: 2, thrice: 3, single: 1,
};
const NUMBER = `(\\d{1,6}|${Object.keys(NUMBER_WORDS).join('|')})`;
// "a dozen clicks", "half a dozen errors": a number of a noun only (`clicked around a dozen times` is said loosely).
const COUNT_NUMBER = `(half a dozen|a dozen|${NUMBER.slice(1)}`;
const numberValue = (text: string): number => NUMBER_WORDS[text.toLowerCase()] ?? (/dozen$/i.test(text) ? (/^half/i.test(text) ? 6 : 12) : Number(text));

/**
 * "Checkout Started fired twice", "the “Product Added” event was triggered 3 times", "step_completed
 * fired 3 times": a custom event's name (quoted, in capitals, or an identifier with `_` or `.`), a
 * verb of events happening and how many times. Group 1 or 2 is the name, 3 the number (with
 * "times"), 4 once, twice or thrice. A claim only when a text of the session is the name (see `named`).
 */
const FIRED = new RegExp(
  `(?:["“\\x60]([^"”\\x60\\n]{2,60})["”\\x60]|\\b((?:[A-Z][\\w'’&-]*[ \\t]+){0,4}[A-Z][\\w'’&-]*|[a-z][a-z0-9]*(?:[_.][a-z0-9]+)+))[ \\t]+(?:events?[ \\t]+)?(?:(?:was|were|got|has been|had been)[ \\t]+)?(?:fired|triggered|sent|tracked|logged|recorded|occurred|happened)[ \\t]+(?:(\\d{1,6}|${Object.keys(NUMBER_WORDS).join('|')})[ \\t]+times|(once|twice|thrice))\\b`,
  'g',
);
const FIRED_PROBE = /fired|triggered|sent|tracked|logged|recorded|occurred|happened/i;

// A number, up to two qualifying words, and a topic: "3 dead clicks", "two failed requests",
// "10 element-seen events" (a qualifier that names an event type narrows "events" to it), "2
// slot_selected events" (a custom event's name written as an identifier).
const QUALIFIER = '(?!(?:of|the|these|those|them|their|its|his|her|in|on|at|to|and|or|with|by|from|after|before|than|times?)\\b)(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]+(?:-[a-z]+)?)';
// A topic word that starts a compound noun ("0 page reloads", "3 click targets") counts no events;
// one before another topic word qualifies it ("2 navigation clicks").
const HEAD_NOUNS = 'reloads?|refresh(?:es)?|targets?|handlers?|listeners?|elements?|sections?|areas?|regions?|zones?|types?|titles?|templates?|layouts?|components?|states?|codes?|rates?|patterns?|heatmaps?|paths?|funnels?|sequences?|ids?';
// A number in bold ("**3** dead clicks") counts as well.
const COUNT_OF = new RegExp(`(?<![\\w.#$€£:/-])${COUNT_NUMBER}(?:\\*\\*)?[^\\S\\n]+((?:${QUALIFIER}[^\\S\\n]+){0,2}?)(${countTopics.pattern})(?![\\w-])(?!\\s+(?:${HEAD_NOUNS}|${countTopics.pattern})(?![\\w-]))`, 'gi');
// "several dead clicks", "a couple of errors", "multiple failed requests": at least two.
const SOME_OF = new RegExp(`(?<![\\w-])(a couple of|a few|several|multiple)[^\\S\\n]+((?:${QUALIFIER}[^\\S\\n]+){0,2}?)(${countTopics.pattern})(?![\\w-])(?!\\s+(?:${HEAD_NOUNS}|${countTopics.pattern})(?![\\w-]))`, 'gi');
const SOME_PROBE = /couple|few|several|multiple/i;
// "a rage click of six taps", "the rage click had more than 5 clicks": the clicks of that rage click.
const RAGE_OF = /\brage[- ]?(?:clicks?|taps?)\s+(?:of|had|has|with|was|were)\s+(?:(?:more|fewer|less) than\s+|(?:over|under|at least|at most|about|around|roughly|only|just)\s+)?$/i;
/** Qualifiers that leave a count a total ("3 separate errors", "4 distinct pages"); any other narrows it to what it names ("2 gallery clicks"). */
const TOTAL_QUALIFIERS = new Set(['total', 'separate', 'distinct', 'individual', 'unique', 'different', 'recorded', 'logged', 'captured', 'detected', 'tracked', 'observed', 'visible', 'notable', 'single', 'such']);
// "rage-clicked 5 times", "rage clicks ... 5 times" within a few words of one sentence (a dot
// inside a selector or a number, as in `span.total`, does not end it), with no other click between
// ("2 rage clicks, then clicked Next 2 times" is two claims).
// Nor across a clause that goes on with another subject or verb ("dead clicks along the way, and she had to
// request a new code twice": the number is the request's).
const CLAUSE_BREAK = String.raw`,\s*(?:and|but|then|so|while|which|who|where)\b|\b(?:and|but|then|so)\s+(?:she|he|they|it|we|i|the user)\b`;
const timesOf = (verbs: string, others: string) =>
  new RegExp(`\\b(${verbs})\\b(?:(?!${others}|${CLAUSE_BREAK})[^.;\\n]|\\.(?=\\S)){0,60}?(?:\\b${NUMBER}(?:\\*\\*)?\\s+(?:(?:separate|different|distinct)\\s+)?times\\b|(?<!\\w)(?:x|×\\s?)(\\d{1,3})\\b|\\b(\\d{1,3})(?:x|\\s?×)(?![\\w×])|\\b(twice|thrice)\\b)`, 'gi');
const TIMES = timesOf('rage[- ]?click(?:ed|ing|s)?|click(?:ed|ing)|dead[- ]?click(?:ed|s)?', 'click');
/** The same with taps and presses ("rage-tapped ×4", "dead-tapped twice"), for a text that has one (the longer alternation costs every other text). */
const TIMES_WITH_TAPS = timesOf('rage[- ]?(?:click(?:ed|ing|s)?|tap(?:ped|ping|s)?)|click(?:ed|ing)|tapp(?:ed|ing)|press(?:ed|ing)|dead[- ]?(?:click(?:ed|s)?|tap(?:ped|s)?)', 'click|tap|press');
/** A noun after "a second" that makes it an ordinal ("in a second tab"), not a time. */
const ORDINAL_NOUN = /^\s+(?:tabs?|windows?|time|attempt|try|visit|session|step|page|screen|click|search|query|device|browser|round|pass|item|product|card|look|option|account|form|field|button|link|order|one|coupon|code|error|request|pair)\b/i;
// A number right before the words makes them a noun counted (`6 dead clicks: twice on …, once on …`), not a verb.
const COUNTED_BEFORE = new RegExp(`\\b${NUMBER}(?:\\*\\*)?\\s+$`, 'i');
// Another verb right before the count takes it: "rage-clicked, then retried 3 times", "scrolled 0 times".
// Not a noun that ends so, as an element's kind or name does ("clicked the Material heading twice").
const OTHER_VERB_BEFORE = /\b(?!(?:heading|listing|pricing|billing|shipping|landing|setting|booking|rating|thing|string|spring|ring|wing|building|meeting|training|parking|banking|onboarding|ceiling|feed|speed|seed|bed|red|embed)\s+$)[a-z]+(?:ed|ing)(?:\s+again)?\s+$/i;
// A count of a part of the events, not a total: "after two clicks", "within 3 clicks", "took 4
// clicks", "the first 2 clicks", "those 3 errors", "2 clicks later", "3 pages before checkout"
// (not "in 3 clicks": "resulted in 3 errors" is a total).
const PART_BEFORE = /\b(?:at least|no fewer than|no less than|not fewer than|a minimum of|after|within|took|takes|taking|needed|needs|required|requires|using|following|first|last|next|previous|final|initial|other|remaining|those|these|another|earlier|later|top)\s+(?:just\s+|only\s+)?$/i;
const PART_AFTER = /^\s+(?:later|before|after|during|while|between|until|in a row|in quick succession)\b/i;

// "1m 51s", "2 minutes and 10 seconds", "1:51" (minutes and seconds; "10:01 UTC" is a time of day, "at 10:01" one unless the session's times cannot be it: see time-of-day.ts).
const COMPOUND_DURATION = /\b(\d+)\s*(?:m|min|mins|minutes?)\s*(?:and\s+)?(\d+)\s*(?:s|sec|secs|seconds?)\b|(?<![\d:.])(\d{1,2}):([0-5]\d)(?![\d:])(?!\s*(?:am|pm|[ap]\.m\.|utc|gmt|z\b|[+-]\d))/gi;
const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, sec: 1, secs: 1, second: 1, seconds: 1, m: 60, min: 60, mins: 60, minute: 60, minutes: 60, h: 3600, hr: 3600, hrs: 3600, hour: 3600, hours: 3600 };
const TIME_UNIT = '(?:seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h)';
// An amount of time after a word that leads one (`after 2 minutes`, `extended by 15 minutes`, `a delay of 10 seconds`: `of` after a noun of a pause).
const DURATION = new RegExp(
  `\\b(?<lead>after|within|for|by|of(?<=\\b(?:freeze|delay|wait|pause|gap|lag|stall|hang|timeout)\\s+of)|lasted|lasting|in|over|about|around|nearly|almost|roughly|took|spent|later|under|some|just|only|last)\\s+(?:(?<qualifier>about|around|nearly|almost|roughly|just|only|over|under|less than|more than|no more than|at most|at least)\\s+)?(?<amount>\\d+(?:\\.\\d+)?|a couple of|a|an|half an?|${Object.keys(NUMBER_WORDS).join('|')})(?<half>\\s+and\\s+a\\s+half)?\\s*(?<unit>${TIME_UNIT})\\b(?<halfAfter>\\s+and\\s+a\\s+half\\b)?` +
    `|\\b(?<amountBefore>\\d+(?:\\.\\d+)?|a couple of|half an?|an?(?=\\s+(?:second|minute|hour)\\s+and\\s+a\\s+half\\b)|${Object.keys(NUMBER_WORDS).join('|')})[- ](?<unitBefore>seconds?|minutes?|hours?)(?<halfBefore>\\s+and\\s+a\\s+half)?(?:\\s+(?:later|in|into|after|long|session|visit)\\b|(?<=\\ban?[- ](?:second|minute|hour)\\s+and\\s+a\\s+half)\\b)` +
    // "a minute and a half" needs no word after it to be a time ("arrived a minute and a half early").
    // "8 s later", "2 s after that", "3 min later": a number and a unit's abbreviation.
    `|\\b(?<amountShort>\\d+(?:\\.\\d+)?)\\s?(?<unitShort>s|secs?|mins?)\\s+(?:later|into|after)\\b`,
  'gi',
);
/** "~21 seconds", "~5 min", as notes write an approximate time (looked for in a text with a `~`). */
const DURATION_ABOUT = new RegExp(`~\\s?(?<amountAbout>\\d+(?:\\.\\d+)?)\\s*(?<unitAbout>${TIME_UNIT})\\b`, 'gi');

/** Words before an amount of time that make it a limit: "within 2 minutes", "in under a minute", "more than 5 minutes". */
const AT_MOST = new Set(['within', 'under', 'less than', 'no more than', 'at most']);
const AT_LEAST = new Set(['over', 'more than', 'at least']);

/** Whether a duration is claimed about, at most or at least, by the word before it and the one before the amount. */
function boundOf(lead: string | undefined, qualifier: string | undefined): Duration['bound'] {
  const word = (qualifier ?? lead ?? '').toLowerCase().replace(/\s+/g, ' ');
  return AT_MOST.has(word) ? 'at most' : AT_LEAST.has(word) ? 'at least' : 'about';
}

function durationSeconds(amount: string, unit: string, half = false): number {
  const lower = amount.toLowerCase();
  // "a couple of minutes": about two.
  const value = lower === 'a' || lower === 'an' ? 1 : lower.startsWith('half') ? 0.5 : lower.startsWith('a couple') ? 2 : numberValue(lower);
  return (value + (half ? 0.5 : 0)) * (UNIT_SECONDS[unit.toLowerCase()] ?? 1);
}

// Probes: a piece every match of a pattern holds (and every claim it can lead to). A pattern runs
// only when its probe is found, or, for bare URLs and selectors, found outside the claims taken
// before it (a match that meets a taken claim is dropped, so a probe inside one, as `.example/`
// inside `https://shop.example/`, finds nothing new). Each probe is a few fixed characters, which
// the engine looks for far faster than the pattern's alternations can be tried at every position.
const BARE_URL_PROBE = /www\.|\.[a-z]{2,}\/|:\d{2,5}\//gi;
const SELECTOR_PROBE = /[#.][a-z_]/g;
const QUOTE_PROBE = /["“‘«'„‚»「『]/;
// "5 times", "twice", and "×5", "x5", "5x" as models write them in notes.
const TIMES_PROBE = /times|[x×]\s?\d|\d\s?[x×]|twice|thrice/i;
const COMPOUND_DURATION_PROBE = /\d\s*m|\d:/i;
// A duration claim needs a unit: a word of one, or a single letter right after a digit.
const DURATION_PROBE = /sec|min|hour|hr|\d\s*[smh]\b/i;

function selectorClaims(text: string, claims: Claim[], taken: Ranges, targets: Targets, probes: boolean): void {
  if (probes && !probedOutside(SELECTOR_PROBE, text, taken)) return;
  for (const match of matchesOf(BARE_SELECTOR, text)) {
    const start = match.index;
    const end = start + match[0].length;
    if (taken.overlaps(start, end) || isHexColour(match[0]) || isNoSelector(match[0], text.charAt(end))) continue;
    const claim: Claim = { kind: 'selector', text: match[0], start, end, selector: match[0] };
    claims.push(claim);
    targets.add(claim);
    taken.add(start, end);
  }
}

/** Every claim of `text`, in order of position; overlapping claims are found once (the most specific). */
export function findClaims(text: string): Claim[] {
  return claimsOf(text, true);
}

/** The same claims as findClaims, found with every pattern run over the text (a test holds the two equal). */
export function findClaimsWithoutProbes(text: string): Claim[] {
  return claimsOf(text, false);
}

function claimsOf(text: string, probes: boolean): Claim[] {
  const claims: Claim[] = [];
  // Texts, URLs and selectors do not overlap one another; a count or a duration may span a quote
  // ("rage-clicked \"Apply coupon\" 5 times").
  const taken = new Ranges(text.length);
  const quantities = new Ranges(text.length);
  const targets = new Targets();
  const add = (claim: Claim) => {
    claims.push(claim);
    targets.add(claim);
    (claim.kind === 'count' || claim.kind === 'duration' ? quantities : taken).add(claim.start, claim.end);
  };

  if (!probes || text.includes('`')) for (const match of matchesOf(BACKTICKED, text)) {
    // `POST /api/coupon`: a request, named by its URL.
    const inner = (match[1] ?? '').trim().replace(HTTP_METHOD, '');
    const start = match.index;
    const end = start + match[0].length;
    if (/^(?:https?:\/\/|www\.|\/[\w-])/i.test(inner) || HOST_WITH_PATH.test(inner)) add({ kind: 'url', text: match[0], start, end, url: trimUrl(inner) });
    else if (CITATIONS_ONLY.test(inner) || isHexColour(inner) || !hasWordCharacter(inner)) continue;
    else if (SELECTOR_SHAPE.test(inner) && /[#.[\]>]/.test(inner) && !isNoSelector(inner, '')) add({ kind: 'selector', text: match[0], start, end, selector: inner });
    else add({ kind: 'text', text: match[0], start, end, quote: inner });
  }
  // `dead_clicks: 2`, `events: [10, 13]`, `export_id: exp_40918` on lines of their own.
  if (!probes || mayHoldKeyValueLines(text)) keyValueClaims(text, taken, quantities, add, (claim) => (claims.push(claim), taken.add(claim.start, claim.end)));
  // `- Dead clicks: 3`, `Errors — 2`: a count written after its type.
  if (!probes || mayHoldLabelCounts(text)) labelCountClaims(text, taken, quantities, add);
  const urlPatterns = [...(!probes || text.includes('://') ? [FULL_URL] : []), BARE_URL, ...(!probes || text.includes('/') ? [PATH] : [])];
  for (const pattern of urlPatterns) {
    if (probes && pattern === BARE_URL && !probedOutside(BARE_URL_PROBE, text, taken)) continue;
    for (const match of matchesOf(pattern, text)) {
      const value = trimUrl(match[0]);
      const start = match.index;
      const end = start + value.length;
      if (value.length < 2 || taken.overlaps(start, end) || isClosingTag(text, start, end)) continue;
      add({ kind: 'url', text: value, start, end, url: cutUrl(match[0], value) });
    }
  }
  if (!probes || QUOTE_PROBE.test(text)) for (const match of matchesOf(QUOTED, text)) {
    // A message copied as the prompt escapes it ("column \"region_code\" does not exist") quotes the message.
    const inner = match[1] === undefined ? (match.slice(2).find((group) => group !== undefined) ?? '') : match[1].replace(/\\(["\\])/g, '$1');
    const quote = inner.trim();
    const start = match.index;
    const end = start + match[0].length;
    // A quote of punctuation only ("…") says nothing.
    if (!hasWordCharacter(quote) || taken.overlaps(start, end) || (text.includes('<?') && isInDeclaration(text, start))) continue;
    // A quoted URL or event reference is that claim, found above or below ("POST /api/coupon", "#48 #49 #50" too).
    if (/^(?:https?:\/\/|\/[\w-])\S*$/i.test(quote.replace(HTTP_METHOD, '')) || CITATIONS_ONLY.test(quote)) continue;
    add({ kind: 'text', text: match[0], start, end, quote });
  }
  if (!probes || STATUS_PROBE.test(text)) for (const match of matchesOf(STATUS_CODE, text)) {
    const code = match[1] ?? match[2] ?? match[3] ?? match[4] ?? match[5] ?? '';
    const start = match.index;
    const end = start + match[0].length;
    if (taken.overlaps(start, end) || isNegatedBefore(text, start)) continue;
    add({ kind: 'text', text: match[0], start, end, quote: code, status: true });
  }
  if (!probes || mayHoldAmount(text)) for (const amount of amountsIn(text)) {
    if (taken.overlaps(amount.start, amount.end)) continue;
    add({ kind: 'text', text: amount.text, start: amount.start, end: amount.end, quote: amount.text, amounts: amount.forms });
  }
  // "a 48.6 MB file": checked as an amount is, with its unit.
  if (!probes || mayHoldSize(text)) for (const size of sizesIn(text)) {
    if (taken.overlaps(size.start, size.end)) continue;
    add({ kind: 'text', text: size.text, start: size.start, end: size.end, quote: size.text, amounts: size.forms, size: true });
  }
  const cited = !probes || text.includes('#');
  const grouped = !probes || text.includes('(#') || text.includes('[#');
  const references = [...(cited ? matchesOf(EVENT_REFERENCE, text) : []), ...(grouped ? bareReferences(text) : []), ...(!probes || EVENT_WORD_PROBE.test(text) ? matchesOf(EVENT_WORD_REFERENCE, text) : []), ...bracketCitations(text), ...tableCitations(text)];
  for (const match of references) {
    const start = match.index;
    const end = start + match[0].length;
    if (taken.overlaps(start, end) || (match[0].startsWith('#') && (isRank(text, start, end) || isHexColour(match[0])))) continue;
    // A range is read the same way round whichever end comes first ("#15–#12").
    const [first, last] = [Number(match[1]), match[2] === undefined ? Number(match[1]) : Number(match[2])].sort((left, right) => left - right) as [number, number];
    claims.push({ kind: 'event', text: match[0], start, end, index: first });
    if (last - first < MAX_RANGE) for (let index = first + 1; index < last; index++) claims.push({ kind: 'event', text: match[0], start, end, index, inside: true });
    if (last !== first) claims.push({ kind: 'event', text: match[0], start, end, index: last });
    taken.add(start, end);
  }
  selectorClaims(text, claims, taken, targets, probes);
  // `| Dead taps | 1 |`, `| "Generate Pix code" | 2 |` under a column of counts.
  tableCountClaims(text, quantities, add);
  if (!probes || TIMES_PROBE.test(text)) for (const match of matchesOf(/tap|press/i.test(text) ? TIMES_WITH_TAPS : TIMES, text)) {
    const start = match.index;
    const end = start + match[0].length;
    if (quantities.overlaps(start, end)) continue;
    const verb = (match[1] ?? '').toLowerCase();
    if (COUNTED_BEFORE.test(text.slice(Math.max(0, start - 12), start))) continue;
    // A count inside a quote ("M8 x 30") is part of it.
    const between = match[0].slice(verb.length).replace(/(?:\S+\s+(?:(?:separate|different|distinct)\s+)?times|[x×]\s?\d+|\d+\s?[x×]|twice|thrice)$/i, '');
    if (taken.overlaps(end - 1, end) || OTHER_VERB_BEFORE.test(between)) continue;
    // "clicked `button#apply` 4 times": the element the answer names between verb and count, or
    // right before the verb ("“Apply now” clicked twice").
    const named = targets.firstWithin(start, end) ?? (/^\s*$/.test(between) ? targets.endingBefore(text, start) : undefined);
    // …or without quotes, as a label and its kind ("clicked the Material heading twice"), or a label alone ("clicked Sign in three times").
    const target = named === undefined ? (unquotedNameAt(text, start + verb.length + (/^\s*(?:on\s+)?/.exec(between)?.[0].length ?? 0)) ?? bareLabel(between)) : targetOf(named);
    add({ kind: 'count', text: match[0], start, end, count: numberValue(match[2] ?? match[3] ?? match[4] ?? match[5] ?? ''), topic: countTopics.times(verb, target) });
  }
  for (const match of matchesOf(COUNT_OF, text)) {
    const start = match.index;
    const end = start + match[0].length;
    if (quantities.overlaps(start, end) || taken.overlaps(start, end)) continue;
    // "did not make a single dead click" denies (see signalClaims).
    if (/^single$/i.test(match[1] ?? '') && isNegatedBefore(text, start)) continue;
    const topic = countTopics.of(match[3] ?? '', match[2]);
    const count = numberValue(match[1] ?? '');
    // "a 500 error", "the 404 page": a status code, not a count.
    if (topic === undefined || (count >= 100 && count < 600 && /^\d{3}$/.test(match[1] ?? ''))) continue;
    const scope = scopeAfter(text, end);
    // "3 dead clicks on "Material"": the target is the claim right after "on" (any one, when it is no claim).
    const named = scope === undefined ? undefined : targets.at(scope.at);
    // …or an element named without quotes ("3 dead clicks on the Search button").
    const target = named === undefined ? (scope === undefined ? undefined : unquotedNameAt(text, scope.at)) : targetOf(named);
    // "2 gallery clicks": words before the topic that name no event type narrow it to what they name.
    const qualifiers = (match[2] ?? '').trim().toLowerCase().split(/\s+/).filter((word) => word !== '' && !TOTAL_QUALIFIERS.has(word));
    const narrowed = qualifiers.length > 0 && topic === countTopics.of(match[3] ?? '') ? qualifiers.join(' ') : undefined;
    // "5 clicks in rage clicks on …" and "a rage click of six taps" count the clicks of the rage clicks only.
    const ofRage = topic.name === 'click' && RAGE_OF.test(text.slice(Math.max(0, start - 40), start));
    const scoped =
      ofRage || (scope !== undefined && /\brage[- ]?(?:clicks?|taps?)\b/i.test(scope.words)) ? countTopics.times('rage', target) : scope === undefined ? (narrowed === undefined ? topic : scopedTopic(topic, narrowed)) : scopedTopic(topic, target ?? narrowed);
    // "more than 3 console errors": at least 4; "fewer than 2 failed requests": at most 1.
    const strict = strictBound(text.slice(Math.max(0, start - 16), start), count);
    const part = strict?.atLeast === true || PART_BEFORE.test(text.slice(Math.max(0, start - 20), start)) || PART_AFTER.test(text.slice(end, end + 24));
    // "0 errors": none of any kind the words may mean (not only of the one kind that had none).
    const none = count === 0 && scoped === topic && !part;
    const atMost = strict?.atLeast === false || AT_MOST_BEFORE.test(text.slice(Math.max(0, start - 16), start));
    add({ kind: 'count', text: match[0], start, end, count: strict?.count ?? count, topic: part ? partTopic(scoped) : atMost ? atMostTopic(scoped) : none ? noneTopic(topic) : scoped });
  }
  // "several dead clicks": a part of at least two (not denied: "never made several attempts").
  if (!probes || SOME_PROBE.test(text)) for (const match of matchesOf(SOME_OF, text)) {
    const start = match.index;
    const end = start + match[0].length;
    if (quantities.overlaps(start, end) || taken.overlaps(start, end) || isNegatedBefore(text, start)) continue;
    const topic = countTopics.of(match[3] ?? '', match[2]);
    if (topic !== undefined && topic.name !== 'events') add({ kind: 'count', text: match[0], start, end, count: 2, topic: partTopic(topic) });
  }
  if (!probes || FIRED_PROBE.test(text)) for (const match of matchesOf(FIRED, text)) {
    const name = (match[1] ?? (match[2] as string).replace(/^(?:The|A|An|Then|And)[ \t]+/, '')).trim();
    const start = match.index;
    const end = start + match[0].length;
    if (quantities.overlaps(start, end) || isNegatedBefore(text, start)) continue;
    add({ kind: 'count', text: match[0], start, end, count: numberValue((match[3] ?? match[4]) as string), topic: countTopics.fired(name), named: name });
  }
  if (!probes || SHARE_PROBE.test(text)) shareClaims(text, add, (start, end) => !quantities.overlaps(start, end) && !taken.overlaps(start, end));
  if (!probes || DEVICE_PROBE.test(text)) deviceClaims(text, add, (start, end) => taken.overlaps(start, end) || quantities.overlaps(start, end));
  if (!probes || SIGNAL_PROBE.test(text)) signalClaims(text, add, quantities, taken, targets);
  if (!probes || CLICK_PROBE.test(text)) clickClaims(text, [...claims], add, quantities);
  if (!probes || COMPOUND_DURATION_PROBE.test(text)) for (const match of matchesOf(COMPOUND_DURATION, text)) {
    const minutes = Number(match[1] ?? match[3]);
    const seconds = Number(match[2] ?? match[4]);
    const start = match.index;
    const end = start + match[0].length;
    if (quantities.overlaps(start, end) || taken.overlaps(start, end)) continue;
    const reading = match[3] === undefined ? 'elapsed' : clockReading(text, start, end, match[3]);
    if (reading === 'time of day') continue;
    // Minutes and seconds together are a duration stated to the second (see Duration.precise).
    add({ kind: 'duration', text: match[0], start, end, seconds: minutes * 60 + seconds, bound: 'about', precise: minutes > 0, ...(reading === 'moment' ? { clock: true as const, moment: true as const } : reading === 'either' ? { clock: true as const } : {}) });
  }
  if (!probes || DURATION_PROBE.test(text)) for (const match of text.includes('~') ? [...matchesOf(DURATION_ABOUT, text), ...matchesOf(DURATION, text)] : matchesOf(DURATION, text)) {
    const groups = match.groups ?? {};
    const amount = groups.amount ?? groups.amountBefore ?? groups.amountAbout ?? groups.amountShort;
    const unit = groups.unit ?? groups.unitBefore ?? groups.unitAbout ?? groups.unitShort;
    if (amount === undefined || unit === undefined) continue;
    // The words around the amount are context, not the claim: the claim is "2 minutes".
    const claimText = match[0];
    const start = match.index;
    const end = start + claimText.length;
    if (quantities.overlaps(start, end) || taken.overlaps(start, end)) continue;
    // "in 3 steps", "for 2 items": only time units count, and a bare "m"/"s" only right after a digit.
    if (/^[msh]$/i.test(unit) && groups.unitShort === undefined && !/\d\s*[msh]$/i.test(claimText)) continue;
    // "in a second tab", "on a second attempt": an ordinal before a noun, not a time.
    if (/^second$/i.test(unit) && /^(?:a|one)$/i.test(amount) && ORDINAL_NOUN.test(text.slice(end, end + 20))) continue;
    // "a minute and a half", "two and a half minutes".
    const half = groups.half !== undefined || groups.halfAfter !== undefined || groups.halfBefore !== undefined;
    add({ kind: 'duration', text: claimText, start, end, seconds: durationSeconds(amount, unit, half), bound: boundOf(groups.lead, groups.qualifier) });
  }
  // `PT1M30S`, as structured responses give durations.
  if (!probes || text.includes('PT')) for (const iso of isoDurations(text)) if (!quantities.overlaps(iso.start, iso.end) && !taken.overlaps(iso.start, iso.end)) add(iso);
  // `+16.5s — HEIC refused (#38)`: a timeline in the prompt's offsets.
  if (!probes || text.includes('+')) for (const offset of offsetReadings(text)) if (!quantities.overlaps(offset.start, offset.end) && !taken.overlaps(offset.start, offset.end)) add(offset);
  return claims.sort((left, right) => left.start - right.start);
}
