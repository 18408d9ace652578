// What is typed into a field replaced whole by a preset: a field for a secret, a phone number, an
// email address, a card or an IBAN, as the event's recorded selector path or its label (the
// field's recorded text) describes it. redactSession, the privacy probe, the rrweb import and the
// protected values that echo elsewhere (see echoes.ts) all ask this.

import type { SessionEvent } from '../session/session-schema.js';
import { isWholeCard } from './presets/card-detector.js';
import { isDataField, isDataFieldLabel, type DataFieldPreset } from './presets/data-field.js';
import { isWholeIban } from './presets/iban-detector.js';
import { isPhoneField } from './presets/phone-field.js';
import { isPhonePropertyName, isPhoneShaped } from './presets/phone-property-name.js';
import { isSecretField } from './presets/secret-field.js';
import { isSecretPropertyName } from './presets/secret-property-name.js';
import { findPresetMatches } from './presets.js';

/**
 * Whether the `phone` preset replaces `value`, an event's value, whole: a phone number typed into a
 * field for one (`input#phone`, `input[type=tel]`, or a field whose recorded text, its label, names
 * a phone: `Mobile number`), plain digits too. The value is asked first: most
 * are not written as a phone number, and the event's target is then never read.
 */
export function isPhoneFieldValue(value: unknown, event: SessionEvent): boolean {
  if (!isPhoneShaped(value, true)) return false;
  const selector = event.target?.selector;
  if (selector !== undefined && isPhoneField(selector)) return true;
  // The field's recorded text, its label or placeholder ("Mobile number", "Phone (optional)").
  const label = event.target?.text;
  return label !== undefined && label.length <= LABEL_MAX_LENGTH && isPhonePropertyName(label);
}

/** The longest text of a field read as its label: a sentence around a field is no label. */
const LABEL_MAX_LENGTH = 40;

/**
 * Whether the `secret` preset replaces `value`, an event's value, whole: anything typed into a
 * field for a secret (`input[type=password]`, `input#otp`, `autocomplete="cc-csc"`, or a field
 * whose recorded text, its label, names a secret: `Verification code`). The value is asked first.
 */
export function isSecretFieldValue(value: unknown, event: SessionEvent): boolean {
  // A value already replaced (`[blocked]`) stays as it is.
  return isTypedValue(value) && isSecretTarget(event.target?.selector, event.target?.text);
}

/** Whether a field, by its recorded selector path and text (its label), is one for a secret (see isSecretFieldValue). */
export function isSecretTarget(selector: string | undefined, label: string | undefined): boolean {
  if (selector !== undefined && isSecretField(selector)) return true;
  return label !== undefined && label.length <= LABEL_MAX_LENGTH && isSecretPropertyName(label);
}

const PLACEHOLDER = /^\[[a-z0-9_-]+\]$/;

/** A preset that replaces what is typed into its fields whole (see fieldPresetOf). */
export type FieldPreset = 'secret' | 'phone' | DataFieldPreset;

/** Which presets replace what is typed into their fields (see fieldPresetOf): made once per set of rules. */
export interface FieldPresets {
  readonly secret: boolean;
  readonly phone: boolean;
  readonly data: readonly DataFieldPreset[];
}

/** The field presets among `presets`. */
export function fieldPresetsOf(presets: ReadonlySet<string>): FieldPresets {
  return { secret: presets.has('secret'), phone: presets.has('phone'), data: (['email', 'card', 'iban'] as const).filter((preset) => presets.has(preset)) };
}

/**
 * Which of `presets` replaces `value`, an event's value, whole: what is typed into a field for an
 * email address, a card's number or expiry, or an IBAN, as its recorded selector path or its
 * label describes it (see isDataField), unless the preset's pattern finds all of it
 * (`ada@example.com, bob@example.com` keeps its two `[email]` and the comma): `ada@exa`, a card
 * number with a digit wrong, an expiry date. The value is asked first.
 */
function dataFieldPresetOf(value: unknown, event: SessionEvent, presets: readonly DataFieldPreset[]): DataFieldPreset | undefined {
  if (presets.length === 0 || !isTypedValue(value)) return undefined;
  const target = event.target;
  if (target === undefined) return undefined;
  const selector = target.selector;
  const label = target.text !== undefined && target.text.length <= LABEL_MAX_LENGTH ? target.text : undefined;
  for (const preset of presets) {
    if ((selector !== undefined && isDataField(preset, selector)) || (label !== undefined && isDataFieldLabel(preset, label))) {
      return matchedWhole(String(value), preset) ? undefined : preset;
    }
  }
  return undefined;
}

/** Whether `preset`'s pattern finds all of `text` but separators between its matches (`,`, `;`, white space). */
function matchedWhole(text: string, preset: DataFieldPreset): boolean {
  // Most values typed into a card's or an IBAN's field are one, whole: answered without the preset's search.
  if ((preset === 'card' && isWholeCard(text)) || (preset === 'iban' && isWholeIban(text))) return true;
  const matches = findPresetMatches(text, new Set([preset]));
  if (matches.length === 0) return false;
  let at = 0;
  for (const match of matches) {
    if (!/^[\s,;]*$/.test(text.slice(at, match.start))) return false;
    at = match.end;
  }
  return /^[\s,;]*$/.test(text.slice(at));
}

/**
 * The preset whose placeholder replaces `value`, typed into the field `event` is on (its recorded
 * selector path and label): a secret's, a phone number's, an email's, a card's or an IBAN's;
 * undefined when none of `fields` replaces it whole. redactSession, the privacy probe and the
 * rrweb import (on the mirrored element) all ask this.
 */
export function fieldPresetOf(fields: FieldPresets, value: unknown, event: SessionEvent): FieldPreset | undefined {
  if (fields.secret && isSecretFieldValue(value, event)) return 'secret';
  if (fields.phone && isPhoneFieldValue(value, event)) return 'phone';
  return dataFieldPresetOf(value, event, fields.data);
}

/** What a field is for, as the presets whose placeholders replace what is typed into it tell (see typedFieldOf). */
export interface TypedField {
  readonly secret: boolean;
  readonly phone: boolean;
  readonly data: DataFieldPreset | undefined;
}

/**
 * What a field, by its recorded selector path and text (its label), is for among `fields`: judged
 * once for every value typed into it (see typedPresetOf); undefined when no preset of `fields`
 * replaces what is typed into it. The same judgement as fieldPresetOf makes of one event.
 */
export function typedFieldOf(fields: FieldPresets, selector: string | undefined, text: string | undefined): TypedField | undefined {
  const label = text !== undefined && text.length <= LABEL_MAX_LENGTH ? text : undefined;
  const secret = fields.secret && isSecretTarget(selector, label);
  const phone = fields.phone && ((selector !== undefined && isPhoneField(selector)) || (label !== undefined && isPhonePropertyName(label)));
  const data = fields.data.find((preset) => (selector !== undefined && isDataField(preset, selector)) || (label !== undefined && isDataFieldLabel(preset, label)));
  return secret || phone || data !== undefined ? { secret, phone, data } : undefined;
}

/** The preset whose placeholder replaces `value` typed into `field`, as fieldPresetOf answers for an event on that field. */
export function typedPresetOf(field: TypedField, value: unknown): FieldPreset | undefined {
  if (field.secret && isTypedValue(value)) return 'secret';
  if (field.phone && isPhoneShaped(value, true)) return 'phone';
  if (field.data !== undefined && isTypedValue(value) && !matchedWhole(String(value), field.data)) return field.data;
  return undefined;
}

/** A value typed into a field: a string that is not empty and not already a placeholder (`[blocked]`), or a number. */
function isTypedValue(value: unknown): boolean {
  return typeof value === 'string' ? value !== '' && !(value.charCodeAt(0) === 0x5b && PLACEHOLDER.test(value)) : typeof value === 'number';
}
