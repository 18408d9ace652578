// What a count is said of, when the answer names it after the count: `3 dead clicks on "Material"`,
// `2 failed requests to /api/coupon`, and after another count or signal said with it, which shares
// its target (`2 dead clicks and a rage click on “Apply coupon”`, `2 dead clicks + rage click on
// …`, `2 dead clicks and 1 rage click occurred on the OTP page`).

import { countTopics } from './count-topics.js';

// What follows a count said of one element, message or URL: "3 dead clicks on "Material"", "8
// clicks in rage clicks on …", "2 failed requests to /api/coupon".
// The word for "on" may be another language's, before a quote of the element (`3 dead clicks στο «Reveal»`,
// `2 dead clicks על "Reveal"`): Greek, Hebrew, French, German, Spanish and Italian, Portuguese, Dutch,
// the Scandinavian languages, Polish, Indonesian.
const SCOPE = /^\s+(?:(?:in\s+(?:[a-z-]+\s+){1,3})?(?:on|to)\s+(?:the\s+)?|(?:σε|στο|στον|στη|στην|στα|על|sur|auf|en|sul|sulla|em|no|na|op|på|pada)\s+(?=["«»“„‘'「『]))/iu;

// Another count or signal said with it, and the verb they share: "and a rage click", "+ rage
// click", "and 1 rage click occurred".
const COORDINATED = new RegExp(
  String.raw`^\s+(?:and|&|\+|plus)\s+(?:(?:an?|one|two|three|four|five|\d{1,6})\s+)?(?:[a-z]+(?:-[a-z]+)?\s+){0,2}?(?:${countTopics.pattern})(?![\w-])(?:\s+(?:occurred|happened|(?:were|was)\s+(?:made|recorded|seen|logged)))?`,
  'i',
);

/** Where the target of the count ending at `end` starts, and the scope's own words (`on the`, `in rage clicks on`); undefined when none follows. */
export function scopeAfter(text: string, end: number): { readonly at: number; readonly words: string } | undefined {
  const after = text.slice(end, end + 80);
  const own = SCOPE.exec(after);
  if (own !== null) return { at: end + own[0].length, words: own[0] };
  const coordinated = COORDINATED.exec(after);
  if (coordinated === null) return undefined;
  const shared = SCOPE.exec(after.slice(coordinated[0].length));
  return shared === null ? undefined : { at: end + coordinated[0].length + shared[0].length, words: shared[0] };
}

const SIGNAL_WORDS = new RegExp(`(?:${countTopics.pattern})(?![\\w-])`, 'gi');

/** The event types of the friction signals `words` name (`+ rage click on`): a count said with them shares its citations. */
export function signalTypesIn(words: string): string[] {
  const types: string[] = [];
  for (const match of words.matchAll(SIGNAL_WORDS)) types.push(...(countTopics.signal(match[0])?.types ?? []));
  return types;
}
