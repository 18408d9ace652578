// Redaction of a whole session by compiled privacy rules, before anything of it is rendered: every
// string of its context and of its events goes through the presets and patterns, URLs (in URL
// fields, and any http(s) URL in any other string) lose their stripped parameters, and values at
// masked property paths (or, with the `secret` preset, under secret-looking names) become
// placeholders. No event is removed and no field other than a redacted value changes; an object
// nothing matched in is returned as it was (not copied), so a session without personal data costs
// one walk, in which each distinct string is redacted once.

import type { Session, SessionEvent } from '../session/session-schema.js';
import { flatString } from './flat-string.js';
import { assertCompiledRules } from './compiled-rules-problem.js';
import { echoesOf, type Echoes } from './echoes.js';
import { fieldPresetOf, fieldPresetsOf, type FieldPresets } from './field-values.js';
import { isPhonePropertyName, isPhoneShaped } from './presets/phone-property-name.js';
import { isSecretPropertyName } from './presets/secret-property-name.js';
import type { PrivacyRules } from './privacy-rules.js';
import { redactText, redactUrl, type PrivacyCounts } from './redact-text.js';
import { holdsEscapedWord } from './redact-escaped-words.js';
import { holdsUrl, redactTextWithUrls } from './redact-text-with-urls.js';

export { fieldPresetOf, fieldPresetsOf, isPhoneFieldValue, isSecretFieldValue, type FieldPresets } from './field-values.js';

/**
 * Fields holding a URL, absolute or relative: the whole value is one URL. Any other string has the
 * http(s) URLs inside it rewritten the same way (a console message, a `landing_url` property).
 */
const URL_FIELDS = new Set(['url', 'href', 'src', 'referrer', 'referer', 'app_url', 'page_url']);
/** Fields of an event that say what and when, never personal data: left as they are. */
const EVENT_FIELDS_KEPT = new Set(['type', 'timestamp', 'time']);
/**
 * Names of an event's fields and of its target's that the session format gives (see
 * sessionEventSchema, and isFormatFieldName of the renderer): never personal data, and kept as
 * names. Only a protected value could match one (see echoes.ts: `message` typed into a blocked
 * field); renamed, the event would lose what the field is (its `target` no longer a target), and
 * the text writer does not ask the privacy probe about them.
 */
const EVENT_FIELD_NAMES: ReadonlySet<string> = new Set(['name', 'url', 'title', 'target', 'selector', 'value', 'message', 'method', 'status', 'text', 'count', 'properties']);
/** Fields of the session header left as they are: its identity and creation time. */
const SESSION_FIELDS_KEPT = new Set(['id', 'created_time', 'events']);

/** Distinct texts (and URLs) remembered per walk at most: then it starts again. */
const KNOWN_TEXTS_LIMIT = 50_000;

/** A text as the rules left it, and the replacements they made in it (none: undefined). */
interface RedactedText {
  readonly text: string;
  readonly counts: PrivacyCounts | undefined;
}

interface Walk {
  readonly rules: PrivacyRules;
  readonly counts: PrivacyCounts;
  /** Whether `mask_properties` has globs: else no path is masked. */
  readonly masks: boolean;
  /** Whether any rule can change a text: a preset, a pattern, a URL parameter to strip. */
  readonly rewritesText: boolean;
  /** Whether values under secret-looking names are replaced whole (the `secret` preset). */
  readonly secretNames: boolean;
  /** Whether phone numbers under a phone's name are replaced whole, plain digits too (the `phone` preset). */
  readonly phoneNames: boolean;
  /** The presets whose fields have what is typed into them replaced whole (see fieldPresetOf). */
  readonly fields: FieldPresets;
  /**
   * Texts and URLs already redacted in this walk: a session repeats the same selectors, labels
   * and URLs thousands of times, and each is redacted once (the result depends on the text alone).
   */
  readonly texts: Map<string, RedactedText>;
  readonly urls: Map<string, RedactedText>;
  /** Selectors redacted in this walk, apart while there are protected values: a selector is read without them (see redactedText). */
  readonly selectors: Map<string, RedactedText>;
  /** The replacements in the text being redacted. */
  readonly textCounts: PrivacyCounts;
  /** The session's protected values, replaced wherever else they appear (see echoes.ts). */
  readonly echoes: Echoes | undefined;
}

const count = (walk: Walk, rule: string, by = 1) => walk.counts.set(rule, (walk.counts.get(rule) ?? 0) + by);

/** Whether a string under `key` is redacted as a URL (its query stripped, its escaped pieces decoded) or as a text. */
export function isRedactedAsUrl(key: string, _value: string): boolean {
  return URL_FIELDS.has(key);
}

/**
 * A string redacted as a URL or a text, as redactSession redacts it under `key`: the same text
 * when the rules change nothing in it.
 */
export function redactStringUnder(key: string, value: string, rules: PrivacyRules, counts: PrivacyCounts): string {
  return isRedactedAsUrl(key, value) ? redactUrl(value, rules, counts) : redactTextWithUrls(value, rules, counts);
}

/**
 * Whether redacting a string under `key` decodes escaped pieces (`%40`, `+`) of a URL: a URL
 * field's value, a text holding a URL (see holdsUrl), or a text holding escapes outside one (see holdsEscapedWord).
 */
export function decodesEscapes(key: string, value: string): boolean {
  return isRedactedAsUrl(key, value) || holdsUrl(value) || holdsEscapedWord(value);
}

/** A string redacted as a URL or a text, its replacements counted as if it had been redacted here. */
function redactString(walk: Walk, value: string, key: string): string {
  if (!walk.rewritesText) return value;
  const redacted = redactedText(walk, value, key);
  if (redacted.counts !== undefined) for (const [rule, by] of redacted.counts) count(walk, rule, by);
  return redacted.text;
}

/** A string redacted as a URL or a text, and the replacements made in it, remembered for the walk. */
function redactedText(walk: Walk, value: string, key: string): RedactedText {
  const url = isRedactedAsUrl(key, value);
  // A selector is redacted without the protected values: kept apart, so that the same text elsewhere (a message) is not taken for it.
  const known = url ? walk.urls : key === 'selector' && walk.echoes !== undefined ? walk.selectors : walk.texts;
  let redacted = known.get(value);
  if (redacted === undefined) {
    // Most texts are replaced nowhere: their counts are taken in a map of the walk's, not a new one.
    const counts = walk.textCounts;
    counts.clear();
    // A protected value first, whole (`14/7/1988` typed into a blocked field), then the rules; not
    // in a selector, which names elements (`input#card-number` where `card` is a blocked text).
    const echoed = walk.echoes !== undefined && key !== 'selector' && walk.echoes.test(value) ? walk.echoes.replace(value, counts) : value;
    const text = url ? redactUrl(echoed, walk.rules, counts) : redactTextWithUrls(echoed, walk.rules, counts);
    redacted = { text: text === value ? value : flatString(text), counts: counts.size === 0 ? undefined : new Map(counts) };
    if (known.size >= KNOWN_TEXTS_LIMIT) known.clear();
    known.set(value, redacted);
  }
  return redacted;
}

/**
 * A number, as the text it is written as: a card or phone number recorded as a JSON number is
 * replaced like one recorded as text (the placeholder a string). Without patterns, only a whole
 * number of 7 digits or more can hold what a preset matches.
 */
function redactNumber(walk: Walk, value: number, key: string): unknown {
  if (!walk.rewritesText || (walk.rules.patterns.length === 0 && !(Number.isSafeInteger(value) && Math.abs(value) >= 1_000_000))) return value;
  const text = String(value);
  const redacted = redactString(walk, text, key);
  return redacted === text ? value : redacted;
}

/**
 * A value at `path` (dotted, from the session or from the event), redacted; the same value when
 * nothing changed. A list is no step of `path` (`properties.items.name` is the name of every item),
 * and one step of `indexed` (`properties.items.0.name`): a glob may use either.
 */
function redactValue(walk: Walk, value: unknown, path: string, indexed: string, key: string, names?: ReadonlySet<string>): unknown {
  // `"phone": "4155550100"`, `"phones": [4155550100]`: plain digits, which the preset leaves alone in
  // free text (an order number), are a phone number under a phone's name.
  if (walk.phoneNames && (typeof value === 'string' || typeof value === 'number') && isPhoneShaped(value) && isPhonePropertyName(key)) {
    count(walk, 'phone');
    return '[phone]';
  }
  if (typeof value === 'string') return redactString(walk, value, key);
  if (typeof value === 'number') return redactNumber(walk, value, key);
  if (Array.isArray(value)) {
    let changed: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const itemIndexed = walk.masks ? `${indexed}.${index}` : '';
      let redacted: unknown;
      if (walk.masks && walk.rules.isMaskedPath(itemIndexed)) {
        redacted = '[masked]';
        count(walk, 'masked');
      } else {
        redacted = redactValue(walk, item, path, itemIndexed, key);
      }
      if (redacted !== item) (changed ??= [...value])[index] = redacted;
    }
    return changed ?? value;
  }
  if (value !== null && typeof value === 'object') return redactObject(walk, value as Record<string, unknown>, path, indexed, undefined, names);
  return value;
}

/**
 * An object's fields redacted, `kept` ones left alone, and their names but `names`; the same object
 * when nothing changed. Its own enumerable fields are walked with for...in, which unlike
 * Object.entries allocates nothing.
 */
function redactObject(walk: Walk, object: Record<string, unknown>, path: string, indexed: string, kept?: ReadonlySet<string>, names?: ReadonlySet<string>): Record<string, unknown> {
  let changed: Record<string, unknown> | undefined;
  let renamed: Map<string, string> | undefined;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    const value = object[key];
    if (value === undefined || kept?.has(key) === true) continue;
    // Without globs no path is masked: the paths are not even built.
    const childPath = !walk.masks ? '' : path === '' ? key : `${path}.${key}`;
    const childIndexed = !walk.masks ? '' : indexed === '' ? key : `${indexed}.${key}`;
    let redacted: unknown;
    if (walk.masks && (walk.rules.isMaskedPath(childPath) || (childIndexed !== childPath && walk.rules.isMaskedPath(childIndexed)))) {
      redacted = '[masked]';
      count(walk, 'masked');
    } else if (walk.secretNames && value !== null && typeof value !== 'boolean' && isSecretPropertyName(key)) {
      // The whole value under a secret's name, an object or a list of them too ({ password: { old, new } }); not a flag ({ password_reset_requested: true }).
      redacted = '[secret]';
      count(walk, 'secret');
    } else {
      redacted = redactValue(walk, value, childPath, childIndexed, key, names === EVENT_FIELD_NAMES && key === 'target' ? EVENT_FIELD_NAMES : undefined);
    }
    if (redacted !== value) (changed ??= { ...object })[key] = redacted;
    // A name can hold personal data too ({ "ada@example.com": "owner" }): it is redacted like a text.
    const name = walk.rewritesText && names?.has(key) !== true ? redactString(walk, key, '') : key;
    if (name !== key) (renamed ??= new Map()).set(key, name);
  }
  return renamed === undefined ? (changed ?? object) : withNames(changed ?? object, renamed);
}

/** `object` with its fields renamed, in their order; two that become one name get `#2`, `#3` after it. */
function withNames(object: Record<string, unknown>, renamed: ReadonlyMap<string, string>): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    const name = renamed.get(key) ?? key;
    let unique = name;
    for (let suffix = 2; Object.hasOwn(named, unique); suffix++) unique = `${name} #${suffix}`;
    // Defined, not assigned: a field named `__proto__` stays a field, it does not set a prototype.
    Object.defineProperty(named, unique, { value, enumerable: true, writable: true, configurable: true });
  }
  return named;
}

/**
 * An event whose value was typed (or text pasted) into a field of a preset (see fieldPresetOf),
 * with that preset's placeholder in its place; else the event itself.
 */
function fieldEvent(walk: Walk, event: SessionEvent): SessionEvent {
  const pasted = event.type === 'paste' && typeof event.text === 'string' && event.value === undefined;
  const preset = fieldPresetOf(walk.fields, pasted ? event.text : event.value, event);
  if (preset === undefined) return event;
  count(walk, preset);
  return pasted ? { ...event, text: `[${preset}]` } : { ...event, value: `[${preset}]` };
}

/** Fields of an event on a blocked element that become `[blocked]`. */
const BLOCKED_FIELDS = ['name', 'text', 'value'] as const;

/** An event on a blocked element with its texts, value and name `[blocked]`; else the event itself. */
function blockEvent(walk: Walk, event: SessionEvent): SessionEvent {
  const selector = event.target?.selector;
  if (selector === undefined || !walk.rules.isBlockedElement(selector)) return event;
  const blocked: Record<string, unknown> = { ...event };
  for (const field of BLOCKED_FIELDS) if (blocked[field] !== undefined) blocked[field] = '[blocked]';
  if (event.target?.text !== undefined) blocked.target = { ...event.target, text: '[blocked]' };
  count(walk, 'blocked');
  return blocked as SessionEvent;
}

/**
 * A session with the rules applied, and how many replacements each rule made. Property paths of
 * `mask_properties` start at the session for its context (`user.properties.phone`, `user.email`)
 * and at the event for its fields (`properties.card_number`, `target.text`). An event keeps its
 * type, time and place; the session keeps its creation time, and its id its shape (an email
 * inside it becomes `[email]`).
 *
 * @param session - A loaded session.
 * @param rules - Compiled rules (see {@link parsePrivacyRules}).
 * @param echoes - The protected values replaced wherever they appear: by default those of
 *   `session` (see {@link echoesOf}: a value typed into a blocked field or a field a preset
 *   replaces it in, a blocked element's text, a masked property's value); a caller redacting part
 *   of a session passes those of the whole one.
 * @returns The redacted session (the same object when nothing matched) and the counts by rule.
 * @throws TypeError for `rules` that are not compiled (a rules document as written), saying what to call.
 * @category Privacy
 */
export function redactSession(session: Session, rules: PrivacyRules, echoes?: Echoes): { readonly session: Session; readonly counts: PrivacyCounts } {
  assertCompiledRules(rules, 'redactSession: rules');
  const redactor = createSessionRedactor(rules, echoes ?? echoesOf(session, rules));
  const header = redactor.header(session);
  let events: SessionEvent[] | undefined;
  for (const [index, event] of session.events.entries()) {
    const redacted = redactor.event(event);
    if (redacted !== event) (events ??= [...session.events])[index] = redacted;
  }
  const id = redactor.id(session.id);
  if (header === session && events === undefined && id === session.id) return { session, counts: redactor.counts };
  return { session: { ...header, id, events: events ?? session.events }, counts: redactor.counts };
}

/**
 * The steps of {@link redactSession}, for a caller that redacts some events only (prepare, which
 * redacts the events the privacy probe suspects as it renders them): each step counts into
 * `counts`, and a session redacted header, then events in order, then id, gets the counts
 * redactSession gives it.
 */
export interface SessionRedactor {
  readonly counts: PrivacyCounts;
  /** The protected values it replaces wherever they appear (see echoesOf), if any. */
  readonly echoes: Echoes | undefined;
  /** The session's header (its context: user, org, location, device...) redacted; its events and id as they are. */
  header(session: Session): Session;
  /** One event redacted (blocked, masked, its texts replaced); the same object when nothing changed. */
  event(event: SessionEvent): SessionEvent;
  /** The session's id with what the rules match in it replaced: it keeps its shape, but the prompt shows it. */
  id(id: string): string;
  /**
   * Whether the rules change a string under the property `key`, answered by redacting it as
   * `event` would, uncounted: a later `event` holding it reuses that work.
   */
  changes(value: string, key: string): boolean;
}

/**
 * A redactor of one session by `rules` (see {@link SessionRedactor}), which also replaces the
 * session's protected values wherever they appear (`echoes`: see echoesOf, of the whole session).
 */
export function createSessionRedactor(rules: PrivacyRules, echoes?: Echoes): SessionRedactor {
  const walk: Walk = {
    rules,
    counts: new Map(),
    masks: rules.maskProperties.length > 0,
    rewritesText: rules.presets.size > 0 || rules.patterns.length > 0 || rules.stripUrlParams.size > 0 || echoes !== undefined,
    secretNames: rules.presets.has('secret'),
    phoneNames: rules.presets.has('phone'),
    fields: fieldPresetsOf(rules.presets),
    texts: new Map(),
    selectors: new Map(),
    urls: new Map(),
    textCounts: new Map(),
    echoes,
  };
  return {
    counts: walk.counts,
    echoes,
    header: (session) => redactObject(walk, session as unknown as Record<string, unknown>, '', '', SESSION_FIELDS_KEPT) as unknown as Session,
    event: (event) => redactObject(walk, fieldEvent(walk, blockEvent(walk, event)) as unknown as Record<string, unknown>, '', '', EVENT_FIELDS_KEPT, EVENT_FIELD_NAMES) as unknown as SessionEvent,
    id: (id) => flatString(redactText(id, rules, walk.counts)),
    changes: (value, key) => walk.rewritesText && redactedText(walk, value, key).text !== value,
  };
}
