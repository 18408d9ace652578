// Whether a property's name says it holds a phone number, and whether its value is written as
// one: the `phone` preset replaces such a value whole, plain digits too (`"phone": "4155550100"`),
// which it leaves alone in free text, where a run of digits is as often an order number.

import { rememberedVerdicts } from './remembered-verdicts.js';
import { propertyNameWords } from './secret-property-name.js';

/** Words that name a phone number (also in the plural): `phone`, `mobile_number`, `tel`. */
const PHONE_WORDS: ReadonlySet<string> = new Set(['phone', 'mobile', 'cell', 'cellphone', 'telephone', 'tel', 'fax', 'msisdn', 'whatsapp']);

/** A word that names a phone number when it ends with `phone`: `homephone`, `workphone`. */
const PHONE_WORD_ENDING = 'phone';

/**
 * Words that, after a name's last phone word, make it describe a phone number rather than hold it:
 * `phone_verified_at` (a time), `phone_count`, `phone_type`, `phone_country_code`, `mobile_build_number`, `cell_tower`.
 */
const METADATA_WORDS: ReadonlySet<string> = new Set(['at', 'time', 'timestamp', 'date', 'count', 'length', 'type', 'verified', 'confirmed', 'enabled', 'required', 'code', 'prefix', 'country', 'id', 'build', 'version', 'opt', 'optin', 'consent', 'tower', 'model', 'brand', 'year', 'app', 'os', 'carrier', 'gain']);

/** Digits a phone number holds at the least (a local number: `555 0100`) and at the most (E.164). */
export const PHONE_NAME_MIN_DIGITS = 7;
const PHONE_NAME_MAX_DIGITS = 15;


/**
 * Whether a property's name says it holds a phone number: `phone`, `phone_number`, `mobilePhone`,
 * `home_phone`, `tel`, `telephone`, `cell`, `fax`, `msisdn`, `whatsapp` (split into words as
 * isSecretPropertyName splits them; only the last segment of a dotted path counts), but not a name
 * that describes one (`phone_verified_at`, `phone_count`, `phone_country_code`).
 *
 * @category Privacy
 */
export function isPhonePropertyName(name: string): boolean {
  return judgedNames(name);
}

const judgedNames = rememberedVerdicts((name) => {
  const words = propertyNameWords(name);
  const last = words.findLastIndex(isPhoneWord);
  // After the last phone word, a metadata word says what is told of the number (`mobile_build_number`, `whatsapp_opt_in`).
  return last !== -1 && !words.slice(last + 1).some((word) => METADATA_WORDS.has(word));
});

function isPhoneWord(word: string): boolean {
  const noun = word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word;
  return PHONE_WORDS.has(noun) || (noun.endsWith(PHONE_WORD_ENDING) && !NOT_PHONES.has(noun));
}

/** Words that hold `phone` or `mobile` and name no phone (in the singular). */
const NOT_PHONES: ReadonlySet<string> = new Set(['microphone', 'headphone', 'earphone', 'megaphone', 'saxophone', 'xylophone', 'gramophone', 'homophone', 'automobile', 'snowmobile', 'immobile']);

/**
 * Whether a word of a name (in lower case, see propertyNameWords) holds `phone`, `mobile` or
 * `msisdn` as a phone's: `phone`, `mobilephone`, `phones`; not `microphone` or `automobile`.
 */
export function holdsPhoneWord(word: string): boolean {
  const noun = word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word;
  return /phone|mobile|msisdn/.test(noun) && !NOT_PHONES.has(noun);
}

/**
 * Whether a value is written as a phone number: a string of 7 to 15 digits with nothing but
 * spaces, `+`, brackets, dots, dashes and slashes besides, or a whole number of 7 to 15 digits.
 * With `partial`, as a phone number typed into its field may be, half-way: 1 to 15 digits.
 */
export function isPhoneShaped(value: unknown, partial = false): boolean {
  const minDigits = partial ? 1 : PHONE_NAME_MIN_DIGITS;
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= (partial ? 0 : 10 ** (PHONE_NAME_MIN_DIGITS - 1)) && value < 10 ** PHONE_NAME_MAX_DIGITS;
  // Most values are not: the first character that cannot be in a phone number ends the scan.
  if (typeof value !== 'string' || value.length < minDigits || value.length > 40) return false;
  let digits = 0;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code >= 48 && code <= 57) digits++;
    else if (!isPhoneSeparator(code) && !(code === 0x2b && index === 0)) return false;
  }
  return digits >= minDigits && digits <= PHONE_NAME_MAX_DIGITS;
}

/** What a phone number may be written with between its digits: white space, brackets, `.`, `-`, `/` (`(0)20 7946-0958`, `0041.44.668`). */
function isPhoneSeparator(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0xa0 || code === 0x28 || code === 0x29 || code === 0x2e || code === 0x2d || code === 0x2f;
}
