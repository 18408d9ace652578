// Whether an event's element, as its recorded selector path or its label describes it, is a field
// for an email address, a card's number or expiry, or an IBAN: the preset of that kind replaces
// whatever is typed into one, which its pattern may not match (`ada@exa` typed half-way, a card
// number with a digit wrong that fails the Luhn check, an IBAN whose checksum fails).

import { elementOfSelectorPath } from '../block-selectors.js';
import { rememberedVerdicts } from './remembered-verdicts.js';
import { propertyNameWords } from './secret-property-name.js';

/** The presets whose fields are recognised here (`phone` has its own, see phone-field.ts; `secret` too). */
export type DataFieldPreset = 'email' | 'card' | 'iban';

/** Input types that hold no typed text: a box ticked in an email form is no address. */
const UNTYPED_INPUTS: ReadonlySet<string> = new Set(['checkbox', 'radio', 'hidden', 'submit', 'button', 'reset', 'image', 'file', 'range', 'color']);

/** The autocomplete hints (HTML's autofill tokens) of each kind of field. */
const AUTOCOMPLETE: Readonly<Record<DataFieldPreset, ReadonlySet<string>>> = {
  email: new Set(['email']),
  card: new Set(['cc-number', 'cc-exp', 'cc-exp-month', 'cc-exp-year']),
  iban: new Set(),
};

/** The attributes that name a field (`id="email"`, `name="cardnumber"`, `data-testid="iban-input"`). */
const NAMING_ATTRIBUTES = ['id', 'name', 'data-testid', 'aria-label', 'placeholder'] as const;

/**
 * Words after which a name that mentions an email is about something else: a consent, a setting,
 * a state (`email_opt_in`, `emailVerified`, `email_frequency`).
 */
const NOT_AN_ADDRESS: ReadonlySet<string> = new Set(['opt', 'optin', 'consent', 'subscribe', 'subscribed', 'newsletter', 'newsletters', 'notification', 'notifications', 'preference', 'preferences', 'frequency', 'verified', 'enabled', 'type', 'count', 'status', 'template', 'subject', 'body', 'message', 'content', 'text', 'note', 'title', 'draft']);

/**
 * A card's number or expiry in a name's words, spaced: `card number`, `ccnum`, `credit card`, `card
 * exp month`, `cc expiry`; the abbreviation ends its word (`card note` is no `cardno`).
 */
const CARD_NAME = /(?:card|cc) ?(?:number|num|no|nr)\b|(?:card|cc) ?exp|credit ?card/;

/** Whether a name (a property name, an attribute's value, a label) names a field of `preset`. */
function namesField(preset: DataFieldPreset, name: string): boolean {
  const words = propertyNameWords(name);
  if (words.length === 0) return false;
  switch (preset) {
    case 'email': {
      // The words after it say what the name is about (`email_opt_in`, `email-subject`); those before, whose address (`newsletter-email`).
      const at = words.findIndex((word, index) => word.startsWith('email') || (word === 'mail' && words[index - 1] === 'e'));
      return at !== -1 && !words.slice(at + 1).some((word) => NOT_AN_ADDRESS.has(word));
    }
    case 'card':
      return CARD_NAME.test(words.join(' '));
    case 'iban':
      return words.some((word) => word === 'iban' || word === 'ibans');
  }
}

function judgeField(preset: DataFieldPreset, path: string): boolean {
  const attributes = elementOfSelectorPath(path)?.attributes;
  if (attributes === undefined) return false;
  const type = attributes.get('type')?.toLowerCase();
  if (type !== undefined && UNTYPED_INPUTS.has(type)) return false;
  if (preset === 'email' && type === 'email') return true;
  const hints = AUTOCOMPLETE[preset];
  if (hints.size > 0 && (attributes.get('autocomplete') ?? '').toLowerCase().split(/\s+/).some((hint) => hints.has(hint))) return true;
  if (NAMING_ATTRIBUTES.some((attribute) => namesAttribute(preset, attributes.get(attribute)))) return true;
  return (attributes.get('class') ?? '').split(/\s+/).some((name) => namesAttribute(preset, name));
}

const namesAttribute = (preset: DataFieldPreset, value: string | undefined): boolean => value !== undefined && value !== '' && namesField(preset, value);

const fields: Readonly<Record<DataFieldPreset, (path: string) => boolean>> = {
  email: rememberedVerdicts((path) => judgeField('email', path)),
  card: rememberedVerdicts((path) => judgeField('card', path)),
  iban: rememberedVerdicts((path) => judgeField('iban', path)),
};

const labels: Readonly<Record<DataFieldPreset, (label: string) => boolean>> = {
  email: rememberedVerdicts((label) => namesField('email', label)),
  card: rememberedVerdicts((label) => namesField('card', label)),
  iban: rememberedVerdicts((label) => namesField('iban', label)),
};

/**
 * Whether the element a recorded selector path ends at is a field of `preset`: for an email, an
 * `input[type=email]`, `autocomplete="email"`, or an id, name, class, test id, `aria-label` or
 * placeholder with the word email (`input#email`, `input[name="user_email"]`; not
 * `email_opt_in`); for a card, `autocomplete` of `cc-number` or `cc-exp…`, or a name of a card's
 * number or expiry (`input#card-number`, `input[name="ccnum"]`, `input.card-exp-month`); for an
 * IBAN, a name with the word iban. Never a checkbox, a radio button or a hidden input.
 */
export function isDataField(preset: DataFieldPreset, path: string): boolean {
  return fields[preset](path);
}

/** Whether a field's label (its recorded text: `Email address`, `Card number`, `IBAN`) names a field of `preset`. */
export function isDataFieldLabel(preset: DataFieldPreset, label: string): boolean {
  return labels[preset](label);
}
