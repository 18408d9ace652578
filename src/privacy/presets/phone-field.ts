// Whether an event's element, as its recorded selector path describes it, is a field for a phone
// number: the `phone` preset replaces a phone number typed into one, plain digits too, which it
// leaves alone in free text (`4155550100` is as often an order number).

import { compile } from 'css-select';
import { elementOfSelectorPath, pathElementAdapter, type PathElement } from '../block-selectors.js';
import { holdsPhoneWord } from './phone-property-name.js';
import { rememberedVerdicts } from './remembered-verdicts.js';

/**
 * What marks a field for a phone number: its type, its autocomplete hint, or a word of its id,
 * name, class or test id (in any case).
 */
const PHONE_FIELD = [
  'input[type=tel i]',
  '[autocomplete^=tel i]',
  ...['id', 'name', 'class', 'data-testid', 'aria-label', 'placeholder'].flatMap((attribute) => ['phone', 'mobile', 'msisdn'].map((word) => `[${attribute}*=${word} i]`)),
  '[id=tel i]',
  '[name=tel i]',
].join(', ');

let query: ((element: PathElement) => boolean) | undefined;

/** The words of an attribute's value, in lower case: `PhoneInput form-control` → `phone`, `input`, `form`, `control`. */
const wordsOf = (value: string): string[] => value.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().match(/[a-z]+/g) ?? [];

/** The attributes whose words the query reads. */
const NAMING = ['id', 'name', 'class', 'data-testid', 'aria-label', 'placeholder'] as const;

/** Whether the element a recorded selector path ends at is a field for a phone number (`input#phone`, `input[type=tel]`, `input[name="mobile_number"]`; not `input#automobile-year`). */
export const isPhoneField: (path: string) => boolean = rememberedVerdicts((path) => {
  query ??= compile<PathElement, PathElement>(PHONE_FIELD, { adapter: pathElementAdapter, xmlMode: false });
  const element = elementOfSelectorPath(path);
  if (element === undefined || !query(element)) return false;
  const attributes = element.attributes;
  if (/^tel$/i.test(attributes.get('type') ?? '') || /^tel/i.test(attributes.get('autocomplete') ?? '')) return true;
  // A word of the query's found only inside a word that names something else is none (`automobile-year`, `microphone-gain`).
  return attributes.get('id')?.toLowerCase() === 'tel' || attributes.get('name')?.toLowerCase() === 'tel' || NAMING.some((name) => wordsOf(attributes.get(name) ?? '').some(holdsPhoneWord));
});
