// Whether a property's name says it holds a secret: used on the keys of `key=value` text by the
// `secret` preset, and on the property names of a session's objects by redactSession.

import { rememberedVerdicts } from './remembered-verdicts.js';

/** Words that name a secret on their own (also in the plural). */
const SECRET_WORDS: ReadonlySet<string> = new Set([
  'password',
  'passwd',
  'pass',
  'passphrase',
  'passcode',
  'pwd',
  'pw',
  'credential',
  'secret',
  'token',
  'apikey',
  'authorization',
  'cookie',
  'otp',
  'totp',
  'pin',
  'cvv',
  'cvc',
  'csc',
  'ssn',
  'privatekey',
  // The session cookies of web frameworks, which sign their holder in: Django's `sessionid`,
  // PHP's `PHPSESSID`, Java's `JSESSIONID` (also in URLs, `;jsessionid=…`). `session_id` and
  // `sessionId`, two words, are as often an analytics session's id, and stay.
  'sessionid',
  'sessid',
  // The signatures of signed URLs, which let whoever holds the URL read or write what it names:
  // S3's `X-Amz-Signature`, Cloud Storage's `X-Goog-Signature`, CloudFront's `Signature`, an Azure
  // SAS's `sig`.
  'signature',
  'sig',
  // The word for a password in other languages: German, Dutch, Spanish, Portuguese, Swedish,
  // Finnish, and French `mot de passe` (`mot_de_passe`, `motDePasse`, and its last word alone).
  'passwort',
  'kennwort',
  'wachtwoord',
  'contrasena',
  'contraseña',
  'senha',
  'losenord',
  'salasana',
  'motdepasse',
  'passe',
]);

/**
 * Words that name a secret when a word ends with them: `newpassword`, `accesstoken`, `setcookie`,
 * `jsessionid`, `phpsessid`.
 */
const SECRET_WORD_ENDINGS: readonly string[] = ['password', 'passwd', 'passphrase', 'secret', 'token', 'apikey', 'cookie', 'privatekey', 'sessionid', 'sessid', 'passwort', 'kennwort', 'wachtwoord'];

/** Words that name a secret when a word starts with them: `passwordhash`. */
const SECRET_WORD_BEGINNINGS: readonly string[] = ['password', 'passwd'];

/** Two consecutive words that name a secret together. */
const SECRET_WORD_PAIRS: readonly (readonly [string, string])[] = [
  ['api', 'key'],
  ['private', 'key'],
  // One-time codes and what answers for a password: `mfa_code`, `2fa_code`, `two_factor_code`,
  // `verification_code`, `security_answer`, and a card's `security_code`.
  ['mfa', 'code'],
  ['2fa', 'code'],
  ['factor', 'code'],
  ['verification', 'code'],
  ['authentication', 'code'],
  ['sms', 'code'],
  ['security', 'answer'],
  ['security', 'code'],
  ['social', 'security'],
  // Codes that sign in, reset a password or let someone join: Firebase's `oobCode`, OAuth's
  // `auth_code`, `reset_code`, `recovery_code`, `backup_code`, `invite_code`, `access_code`.
  ['oob', 'code'],
  ['auth', 'code'],
  ['oauth', 'code'],
  ['login', 'code'],
  ['reset', 'code'],
  ['recovery', 'code'],
  ['backup', 'code'],
  ['invite', 'code'],
  ['invitation', 'code'],
  ['access', 'code'],
  ['confirmation', 'code'],
  // Keys that sign, decrypt or open an account: Azure's `AccountKey` and `SharedAccessKey`, S3's
  // `accessKey`, `signing_key`, `encryption_key`, `master_key`, `session_key`, `license_key`.
  ['account', 'key'],
  ['access', 'key'],
  ['signing', 'key'],
  ['encryption', 'key'],
  ['master', 'key'],
  ['session', 'key'],
  ['license', 'key'],
  // Keys that sign requests in an app's or account's name: Datadog's `DD-APPLICATION-KEY` and
  // `dd_app_key`, Laravel's `APP_KEY`, Cloudflare's `X-Auth-Key`.
  ['app', 'key'],
  ['application', 'key'],
  ['auth', 'key'],
];

/**
 * Words that, after a name's last secret word, make it describe a secret rather than hold it: `token_count`,
 * `password_length`, `token_type`, `password_changed_at`.
 */
const METADATA_WORDS: ReadonlySet<string> = new Set([
  'count',
  'length',
  'type',
  'ttl',
  'expiry',
  'expires',
  'expiration',
  'at',
  'policy',
  'strength',
  'enabled',
  'required',
  'limit',
  'usage',
  'rate',
  'algorithm',
  'method',
  'version',
  'used',
  'consent',
  'status',
  'channel',
  'id',
  'name',
  'label',
  'changed',
  'attempts',
  'remaining',
  'interval',
  'shown',
  'present',
  'verified',
  'check',
  'banner',
  'through',
  'santa',
  'group',
  'result',
  'last',
  'len',
  'sent',
  'arn',
  'fingerprint',
]);

/**
 * Words before `tokens` that make it a count of a language model's tokens (`max_tokens`,
 * `prompt_tokens`, `total_tokens`), not a list of secrets (`access_tokens`).
 */
const TOKEN_COUNT_WORDS: ReadonlySet<string> = new Set(['max', 'min', 'num', 'total', 'prompt', 'completion', 'input', 'output', 'cached', 'reasoning', 'remaining']);

/**
 * Whether a property holds a secret whatever its value, judging by its name: password, passwd,
 * pass, passphrase, pwd, pw, credentials, secret, token, api key, access/refresh/session token, client
 * secret, private key, authorization, cookie, otp, totp, mfa/2fa/two-factor/verification code,
 * security answer or code, pin, cvv/cvc/csc, ssn, social security number, a session cookie
 * (`sessionid`, `PHPSESSID`, `JSESSIONID`), a signed URL's signature (`X-Amz-Signature`, `sig`),
 * a code that signs in, resets or invites (`oobCode`, `auth_code`, `reset_code`, `recovery_code`,
 * `backup_code`, `invite_code`, `access_code`, `confirmation_code`), a key that signs, decrypts
 * or opens an account (`AccountKey`, `SharedAccessKey`, `accessKey`, `signing_key`,
 * `encryption_key`, `master_key`, `session_key`, `license_key`), a framework's session cookie
 * (`connect.sid`, `laravel_session`, `ASP.NET_SessionId`, Rails' `_shop_session`,
 * `wordpress_logged_in_…`: see SESSION_COOKIE).
 *
 * The name may be a dotted property path (`user.credentials.password`, `tokens[0]`): only its last
 * segment counts. The segment is split into words at `_`, `-`, spaces, digits and camelCase
 * humps, and matched case-insensitively word by word, so `user_password`, `newPassword`,
 * `password_confirmation`, `X-API-Key` and `pinCode` are secrets but `passport_country`,
 * `description`, `pinned`, `spinner` and `tokenizer_version` are not. A name whose last word is
 * a metadata word after its last secret word (`token_count`, `password_length`, `token_type`,
 * `password_changed_at`, `token_expires_in`, `tokens_used`, `cookie_consent`, `api_key_id`,
 * `signature_method`), or that counts a language model's tokens (`max_tokens`, `prompt_tokens`),
 * describes a secret without holding it, and is not a secret.
 *
 * @category Privacy
 */
export function isSecretPropertyName(name: string): boolean {
  return judgedNames(name);
}

const judgedNames = rememberedVerdicts(judgeName);

/**
 * The session cookies of web frameworks whose names the words above miss, at the end of a name
 * (after a path's `.`, `[` or quote, or alone): Express's `connect.sid`, Laravel's
 * `laravel_session`, CodeIgniter's `ci_session`, Rack's `rack.session`, Koa's `koa.sess`,
 * ASP.NET's `ASP.NET_SessionId`, Rails' `_<app>_session`, WordPress's `wordpress_logged_in_<hash>`
 * and `wordpress_sec_<hash>`. Each signs its holder in.
 */
const SESSION_COOKIE = /(?:^|[.[\]'"])(?:connect\.sid|express\.sid|laravel_session|ci_session|rack\.session|koa\.sess|asp\.net_sessionid|_[a-z0-9]+(?:_[a-z0-9]+)*_session|wordpress_(?:logged_in|sec)(?:_[0-9a-f]{32})?)$/i;

function judgeName(name: string): boolean {
  if (SESSION_COOKIE.test(name)) return true;
  const words = propertyNameWords(name);
  let lastSecret = -1;
  for (let index = 0; index < words.length; index++) if (isSecretWordAt(words, index, words[index] ?? '')) lastSecret = index;
  if (lastSecret === -1) return false;
  if (words[lastSecret] === 'tokens' && TOKEN_COUNT_WORDS.has(words[lastSecret - 1] ?? '')) return false;
  // After the last secret word (and the second word of a pair), a metadata word says what is
  // told of the secret: `token_expires_in`, `password_changed_at`, `api_key_id`.
  const after = words.slice(lastSecret + (isSecretWord(words[lastSecret] ?? '') ? 1 : 2));
  return !after.some((word) => METADATA_WORDS.has(word));
}

/** The words of a property name's last segment, in lower case: `user.newPassword_2` → `['new', 'password', '2']`. */
export function propertyNameWords(name: string): string[] {
  return nameWords(lastPathSegment(name));
}

/** `a.b[0]['c']` → `c`: the last segment that is not an array index. */
function lastPathSegment(path: string): string {
  const segments = path.split(/[.[\]'"]+/).filter((segment) => segment !== '' && !/^\d+$/.test(segment));
  return segments[segments.length - 1] ?? '';
}

/** `newPassword_2` → `['new', 'password', '2']`; `APIKey` → `['api', 'key']`; `2faCode` → `['2fa', 'code']`. */
function nameWords(name: string): string[] {
  return (name.match(/2[Ff][Aa](?![a-z])|[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []).map((word) => word.toLowerCase());
}

function isSecretWordAt(words: readonly string[], index: number, word: string): boolean {
  if (isSecretWord(word)) return true;
  const next = words[index + 1];
  return next !== undefined && SECRET_WORD_PAIRS.some(([a, b]) => word === a && singular(next) === b);
}

function isSecretWord(word: string): boolean {
  const noun = singular(word);
  if (SECRET_WORDS.has(noun)) return true;
  if (SECRET_WORD_ENDINGS.some((ending) => noun.endsWith(ending))) return true;
  return SECRET_WORD_BEGINNINGS.some((beginning) => word.startsWith(beginning));
}

function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}
