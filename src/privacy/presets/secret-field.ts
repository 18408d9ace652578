// Whether an event's element, as its recorded selector path describes it, is a field for a secret:
// a password, a one-time code, a card's security code, a PIN. The `secret` preset replaces whatever
// is typed into one, which no pattern could tell from other text (`hunter2`, `492817`, `123`).

import { elementOfSelectorPath } from '../block-selectors.js';
import { rememberedVerdicts } from './remembered-verdicts.js';
import { isSecretPropertyName } from './secret-property-name.js';

/** The autocomplete hints of fields for secrets (HTML's autofill tokens). */
const SECRET_AUTOCOMPLETE: ReadonlySet<string> = new Set(['current-password', 'new-password', 'one-time-code', 'cc-csc']);

/** The attributes that name a field, each read as a property name (`id="password"`, `name="otp"`, `data-testid="cvc-input"`). */
const NAMING_ATTRIBUTES = ['id', 'name', 'data-testid', 'aria-label', 'placeholder'] as const;

/**
 * Whether the element a recorded selector path ends at is a field for a secret: an
 * `input[type=password]`, an autocomplete hint of a password, a one-time code or a card's security
 * code, or an id, name, class, test id, label or placeholder that names a secret as a property name
 * would (`input#password`, `input[name="otp"]`, `input.cvc-field`; see isSecretPropertyName).
 */
export const isSecretField: (path: string) => boolean = rememberedVerdicts((path) => judgeField(path));

function judgeField(path: string): boolean {
  const attributes = elementOfSelectorPath(path)?.attributes;
  if (attributes === undefined) return false;
  if (attributes.get('type')?.toLowerCase() === 'password') return true;
  if ((attributes.get('autocomplete') ?? '').toLowerCase().split(/\s+/).some((hint) => SECRET_AUTOCOMPLETE.has(hint))) return true;
  if (NAMING_ATTRIBUTES.some((name) => isNamedSecret(attributes.get(name)))) return true;
  return (attributes.get('class') ?? '').split(/\s+/).some(isNamedSecret);
}

const isNamedSecret = (name: string | undefined): boolean => name !== undefined && name !== '' && isSecretPropertyName(name);
