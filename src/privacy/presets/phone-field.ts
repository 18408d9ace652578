// Whether an event's element, as its recorded selector path describes it, is a field for a phone
// number: the `phone` preset replaces a phone number typed into one, plain digits too, which it
// leaves alone in free text (`4155550100` is as often an order number).

import { compile } from 'css-select';
import { elementOfSelectorPath, pathElementAdapter, type PathElement } from '../block-selectors.js';
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

/** Whether the element a recorded selector path ends at is a field for a phone number (`input#phone`, `input[type=tel]`, `input[name="mobile_number"]`). */
export const isPhoneField: (path: string) => boolean = rememberedVerdicts((path) => {
  query ??= compile<PathElement, PathElement>(PHONE_FIELD, { adapter: pathElementAdapter, xmlMode: false });
  const element = elementOfSelectorPath(path);
  return element !== undefined && query(element);
});
