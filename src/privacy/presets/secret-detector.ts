// The `secret` preset in free text: JWTs, API keys of well-known shapes, the token after `Bearer`
// (the word itself is not part of the match), the password of a URL's user info
// (`postgres://app:s3cret@db`), a token in a URL's path after a reset or verification segment
// (`/reset-password/9f8e…`), a US Social Security number, a password, a code or a PIN said in
// prose (`with password Tr0ub4dor&3`, `verification code 492817`; see prose-secrets.ts), the
// secret of a Slack, Discord or Telegram webhook or bot URL, the value of `key=value` /
// `key: value` pairs whose key is a secret name (see isSecretPropertyName), and the value of an
// HTML input for a password or another secret.

import { credentialsAfterScheme } from './authorization-credentials.js';
import { matchesOf, spansOf, type Detector, type Span } from './detector.js';
import { findInputValues, findXmlValues, NO_SECRET_VALUE, unescapedBrackets } from './markup-secrets.js';
import { findProseSecrets, mayHoldProseSecret } from './prose-secrets.js';
import { isSecretPropertyName } from './secret-property-name.js';
import { API_KEY_START, PRIVATE_KEY_START, SCHEME_PIECES, SLACK_WEBHOOK_START } from './token-start.js';
import type { TextFacts } from './text-facts.js';
import { findVendorKeys, VENDOR_KEY_START } from './vendor-keys.js';

/** `eyJ…` (a base64url JSON header), a payload and a signature (empty for unsigned tokens). */
const JWT = /(?<![\w-])eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;

/** The token after `Bearer`; the match is the token alone. */
const BEARER = /\bbearer[ \t]+([\w.~+/-]{8,}=*)/gi;

/** API keys of well-known shapes, each starting with a fixed prefix. */
const API_KEY = new RegExp(
  `(?<![\\w-])(?:${[
    'sk-[\\w-]{20,}', // OpenAI
    '(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{20,}', // Stripe
    '(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9])', // AWS access key id
    'gh[pousr]_[A-Za-z0-9]{20,}', // GitHub
    'github_pat_\\w{20,}', // GitHub fine-grained
    'xox[abposr]-[A-Za-z0-9-]{10,}', // Slack
    'xapp-\\d-[A-Za-z0-9-]{20,}', // Slack app-level
    'sq0(?:atp|csp)-[\\w-]{22,}', // Square
    'AIza[\\w-]{35}(?![\\w-])', // Google
    'GOCSPX-[\\w-]{24,}', // Google OAuth client secret
    'glpat-[\\w-]{20,}', // GitLab
    'pypi-[\\w-]{50,}', // PyPI
    'npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])', // npm
    'hf_[A-Za-z0-9]{30,}', // Hugging Face
    'shp(?:at|ca)_[a-fA-F0-9]{32}(?![A-Za-z0-9])', // Shopify
    'whsec_[A-Za-z0-9+/=]{24,}', // Stripe webhook signing secret
    'do[por]_v1_[a-f0-9]{64}(?![A-Za-z0-9])', // DigitalOcean
    'lin_api_[A-Za-z0-9]{40}(?![A-Za-z0-9])', // Linear
    'key-[0-9a-z]{32}(?![\\w-])', // Mailgun
    'SG\\.[\\w-]{16,32}\\.[\\w-]{32,64}(?![\\w-])', // SendGrid
  ].join('|')})`,
  'g',
);

/**
 * The secret of a Slack incoming webhook's URL (`https://hooks.slack.com/services/T…/B…/<secret>`,
 * also of workflows and triggers): group 1. Whoever holds the URL posts to the channel.
 */
const SLACK_WEBHOOK = /hooks\.slack\.com\/(?:services|workflows|triggers)\/(?:[A-Za-z0-9]{1,32}\/){1,3}([A-Za-z0-9]{16,})(?![\w-])/g;

/**
 * Secrets with many digits, looked for only in texts with DIGIT_SECRET_MIN_DIGITS digits, as the
 * probe judges them (see mayBeChanged), each as group 1: a Discord webhook's token after its 15 to
 * 25 digit id (`discord.com/api/webhooks/1187…/<token>`, 8 characters or more: the segment holds nothing else); a Telegram bot's token in its URL
 * (`/bot123456789:AAH…`: the bot's id, a colon and 30 to 50 characters in both cases), or outside
 * it in the shape BotFather gives (`123456789:AA` and 33 more characters); a Twilio API
 * key (`SK` and 32 hex digits) or a Databricks token (`dapi` and 32); a Google OAuth access token
 * (`ya29.…`, whose body of 150 characters or more has many digits).
 */
const DISCORD_WEBHOOK = /discord(?:app)?\.com\/api(?:\/v\d{1,2})?\/webhooks\/\d{15,25}\/([\w-]{8,})/g;
const TELEGRAM_BOT_TOKEN = /\/bot(\d{6,12}:(?=[\w-]*[A-Z])(?=[\w-]*[a-z])[\w-]{30,50})(?![\w-])/g;
/** A Telegram bot's token outside its URL, in the shape BotFather gives: the bot's id, `:AA` and 33 more characters. */
const TELEGRAM_BARE_TOKEN = /(?<![\w-])(\d{8,10}:AA[\w-]{33})(?![\w-])/g;
const HEX_KEY = /(?<![\w-])(SK[0-9a-f]{32}|dapi[0-9a-f]{32}(?:-\d)?)(?![\w-])/g;
/** A Google OAuth access token (`ya29.` and its body, about 200 characters with dozens of digits). */
const GOOGLE_ACCESS_TOKEN = /(?<![\w.-])(ya29\.[\w-]{20,})/g;
/** A piece each of those holds. */
const DIGIT_SECRET_PIECE = /\/webhooks\/|\/bot|:AA|SK|dapi|ya29\./;
/** The digits a text needs for those to be looked for (a Discord id has 15 or more, a Telegram bot's 6 and its token some). */
export const DIGIT_SECRET_MIN_DIGITS = 9;

/**
 * `key=value`, `key: value`, `"key": "value"` (also escaped, as JSON inside a JSON string writes it:
 * `\"key\":\"value\"`), a command line's `--key=value`, and as Ruby, PHP and Go write them (`"key" =>
 * "value"`, `key := "value"`): a key of at most 64 characters starting at a word (or at the `_` of
 * `__Secure-next-auth.session-token`, `_shop_session`), with the bracketed names of a Rails or PHP
 * form field after it (`user[password]`, escaped `user%5Bpassword%5D`), then, past up to 16 spaces
 * around the sign (a YAML or INI file aligns its values), the value quoted or up
 * to a space or delimiter (see tailOfBareValue for a password holding `;` or `&`). An HTTP scheme (`Bearer`, `Basic`, and
 * `Token` of Django REST framework and others) before the value is skipped. Markdown's marks are read
 * around the key (`**Password:** x`, `**Password**: x`, `` `password`: `x` ``). Groups: 1 the key, 2 to 6 the value (double-quoted
 * with escapes, double-quoted, single-quoted, in backticks, bare).
 */
const KEY_VALUE = /(?<![\w.])(?<![\w.]-)([A-Za-z_][\w.-]{0,63}(?:(?:\[|%5B)[\w.-]{1,63}(?:\]|%5D))*)(?:\\?["'`]|\*{1,3})?[ \t]{0,16}(?:=>|:=|[=:])(?:[*_]{1,3}(?=[ \t]))?[ \t]{0,16}(?:(?:bearer|basic|token)[ \t]+)?(?:\\"([^"\\\n]{1,256})\\"|"([^"\n]{1,256})"|'([^'\n]{1,256})'|`([^`\n]{1,256})`|([^\s"',;&()[\]{}<>\\]{1,256}))/gi;

/**
 * Pieces of text one of which every name isSecretPropertyName accepts holds, in any case: each of
 * its secret words, word endings and beginnings holds one (`pass` for password, passwd and
 * passphrase, `pw` for pw and pwd, `api` for apikey and api key, `private` for privatekey and private key, `security`
 * for security answer and social security), and so does each pair of words (`mfa`, `2fa`,
 * `factor`, `verification` before `code`; `sessid` and `sessionid` for session cookies; `sig` for
 * signature; `code` for the codes of OAuth and others, see isSignInCode; `key` for an account's,
 * a signing key and the like; `session`, `.sid` and `wordpress` for the session cookies of
 * frameworks). A text without any of them has no `key=value` pair whose key is a secret name.
 */
export const SECRET_NAME_PIECE = /pass|pw|credential|secret|token|api|authorization|cookie|otp|mfa|2fa|factor|verification|security|sessid|sessionid|pin|cvv|cvc|csc|ssn|private|sig|code|key|session|\.sid|wordpress|kennwort|wachtwoord|contrase|senha|losenord|salasana/i;

/**
 * The password of a URL's user info, `scheme://user:password@host` (the user may be empty, as in
 * `redis://:password@host`); the match is the password alone. A password holding `@` unescaped
 * is cut at it: URLs escape it as `%40`. The look-behind starts a scheme only where a run of
 * scheme characters starts, so a long run (`a.a.a.a…`) is read once, not from each of its letters.
 */
const URL_PASSWORD = /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/[^\s/?#@:"'<>`]*:([^\s/?#@"'<>`]+)@/gi;

/**
 * A PEM private key (RSA, EC, OpenSSH, PKCS #8, encrypted, PGP): group 1 is what is between its
 * first and last lines, up to the end of the text when the last line is missing (a key cut short
 * is still a key). The lines themselves stay: they say what was there.
 */
const PRIVATE_KEY = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----([\s\S]*?)(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|$)/g;

/**
 * A token in a URL's path after a segment that names a password reset, a verification, a
 * confirmation, an activation, an invitation, a magic link or a token (`/reset-password/9f8e…`,
 * Django's `/reset/MQ/bv5zqu-8f1e…/`), up to two short segments between: group 1 is the token, 16
 * or more letters, digits, `-` and `_` (see findPathTokens for what makes it one).
 */
const PATH_TOKEN = /\/[\w-]*?(?:reset|passw|verif|confirm|activat|invit|magic|token|unlock|recover)[\w-]*(?:\/[\w-]{1,12}){0,2}\/([A-Za-z0-9_-]{16,})(?![\w-])/gi;
/**
 * The digits a token in a path has at the least, as random tokens in hex have (a page's slug has
 * few): the probe judges no text with fewer digits than a phone number has, which this matches.
 */
export const PATH_TOKEN_MIN_DIGITS = 9;

/**
 * A US Social Security number: written `123-45-6789`, or after `SSN` or `social security (number)`
 * with spaces or no separators (`SSN 123 45 6789`, `social security number: 123456789`); never an
 * area of 000, 666 or 9xx, a group of 00 or a serial of 0000, which the SSA does not issue. The
 * match is the number.
 */
const SSN = /(?<![\w-])((?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4})(?![\w-])|\b(?:ssn|social security(?:\s+(?:number|no\.?|#))?)\s*(?:is\s+|[:=#]\s*)?((?!000|666|9\d\d)\d{3}[- ]?(?!00)\d{2}[- ]?(?!0000)\d{4})(?![\w-])/gi;
/** The digits of a Social Security number: the probe judges every text with as many (see MIN_NUMBER_DIGITS). */
export const SSN_DIGITS = 9;

/** The shortest text a token can be found in: `basic ` and 6 characters of credentials. */
const TOKEN_MIN_LENGTH = 12;

/**
 * Whether findSecrets can find anything: a token's start (see TextFacts) in a long enough text, a
 * URL's user info (an `@` and a `:` besides an http(s) URL's scheme), or a secret name's piece and
 * an `=` or `:`.
 */
function mayHoldSecret(facts: TextFacts): boolean {
  const text = facts.text;
  if (facts.tokenStart && text.length >= TOKEN_MIN_LENGTH) return true;
  if (facts.ats > 0 && facts.colons > 0) return true;
  if (mayHoldPathToken(facts)) return true;
  if (facts.digits >= Math.min(SSN_DIGITS, DIGIT_SECRET_MIN_DIGITS)) return true;
  if (mayHoldProseSecret(text, facts.digits)) return true;
  if (mayHoldXmlSecret(text) || mayHoldListedPair(text)) return true;
  if (facts.colons > 0 && USER_FLAG.test(text)) return true;
  return (facts.equalSigns > 0 || facts.colons > 0) && SECRET_NAME_PIECE.test(text);
}

/** A command line's `-u` or `--user` flag, as curl, wget and others take credentials. */
export const USER_FLAG = /(?:^|\s)(?:-u|--user)[ =]/;
/** The password of `-u user:password` or `--user=user:password` (`curl -u ops:Heron5Cliff …`): group 1. */
const CREDENTIALS_FLAG = /(?<![\w-])(?:-u|--user)[ =]['"]?[^\s:'"]{1,64}:([^\s'"]{1,128})/g;

/**
 * A header or setting written as a pair in a JSON list, its name a secret's: `[["x-api-key","Zq8L…"]]`,
 * `["Authorization", "Bearer …"]`. Group 1 the name, 2 the value. A text with a double quote is judged whole (see PrivacyProbe).
 */
const LISTED_PAIR = /\[\s*"([A-Za-z_][\w.-]{0,63})"\s*,\s*"([^"\n]{1,256})"\s*\]/dg;
const mayHoldListedPair = (text: string): boolean => text.includes('",') && SECRET_NAME_PIECE.test(text);

/** Whether a text may hold an XML element named for a secret: a closing tag and a piece of a secret name (a text with `<` is judged whole, see PrivacyProbe). */
const mayHoldXmlSecret = (text: string): boolean => text.includes('</') && SECRET_NAME_PIECE.test(text);

const mayHoldPathToken = (facts: TextFacts): boolean => facts.digits >= PATH_TOKEN_MIN_DIGITS && facts.text.includes('/');

export const secretDetector: Detector = {
  mayMatch: mayHoldSecret,
  find: findSecrets,
};

function findSecrets(facts: TextFacts): Span[] {
  // Spans are added one by one, not with push(...): a long text may hold more than a call takes arguments.
  const spans: Span[] = [];
  if (facts.tokenStart) {
    if (facts.has('eyJ')) for (const span of spansOf(JWT, facts.text)) spans.push(span);
    if (SCHEME_PIECES.bearer.test(facts.text)) for (const span of findBearerTokens(facts.text)) spans.push(span);
    if (SCHEME_PIECES.basic.test(facts.text)) for (const span of findBasicCredentials(facts.text)) spans.push(span);
    if (API_KEY_START.test(facts.text)) for (const span of findApiKeys(facts.text)) spans.push(span);
    if (VENDOR_KEY_START.test(facts.text)) for (const span of findVendorKeys(facts.text)) spans.push(span);
    if (PRIVATE_KEY_START.test(facts.text)) for (const span of findPrivateKeys(facts.text)) spans.push(span);
    if (SLACK_WEBHOOK_START.test(facts.text)) for (const span of spansOfGroup(SLACK_WEBHOOK, facts.text)) spans.push(span);
  }
  if (facts.digits >= DIGIT_SECRET_MIN_DIGITS) for (const span of findDigitSecrets(facts)) spans.push(span);
  if (facts.ats > 0 && facts.colons > 0) for (const span of findUrlPasswords(facts.text)) spans.push(span);
  if (mayHoldPathToken(facts)) for (const span of findPathTokens(facts.text)) spans.push(span);
  if (facts.digits >= SSN_DIGITS) for (const match of matchesOf(SSN, facts.text)) spans.push(numberSpan(match));
  if ((facts.equalSigns > 0 || facts.colons > 0) && SECRET_NAME_PIECE.test(facts.text)) for (const span of findSecretValues(facts.text)) spans.push(span);
  if (mayHoldProseSecret(facts.text, facts.digits)) for (const span of findProseSecrets(facts.text)) spans.push(span);
  if (mayHoldXmlSecret(facts.text)) for (const span of findXmlValues(facts.text)) spans.push(span);
  if (mayHoldListedPair(facts.text)) for (const match of matchesOf(LISTED_PAIR, facts.text)) {
    const [start, end] = match.indices?.[2] ?? [0, 0];
    if (isSecretPropertyName(match[1] ?? '') && end > start) spans.push({ start, end });
  }
  if (facts.colons > 0 && USER_FLAG.test(facts.text)) for (const span of spansOfGroup(CREDENTIALS_FLAG, facts.text)) spans.push(span);
  return spans;
}

function findPrivateKeys(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of matchesOf(PRIVATE_KEY, text)) {
    const body = match[1] ?? '';
    const start = match.index + match[0].indexOf('-----', 5) + 5;
    if (body.trim() !== '') spans.push({ start, end: start + body.length });
  }
  return spans;
}

/** Discord webhooks' and Telegram bots' tokens, Twilio and Databricks keys, each looked for in texts that hold a piece of it. */
function findDigitSecrets(facts: TextFacts): Span[] {
  const text = facts.text;
  const spans: Span[] = [];
  if (!DIGIT_SECRET_PIECE.test(text)) return spans;
  if (text.includes('/webhooks/')) for (const span of spansOfGroup(DISCORD_WEBHOOK, text)) spans.push(span);
  if (text.includes('/bot')) for (const span of spansOfGroup(TELEGRAM_BOT_TOKEN, text)) spans.push(span);
  if (text.includes(':AA')) for (const span of spansOfGroup(TELEGRAM_BARE_TOKEN, text)) spans.push(span);
  if (text.includes('SK') || text.includes('dapi')) for (const span of spansOfGroup(HEX_KEY, text)) spans.push(span);
  if (text.includes('ya29.')) for (const span of spansOfGroup(GOOGLE_ACCESS_TOKEN, text)) spans.push(span);
  return spans;
}

/** The spans of the one group of `pattern` that took part in each match, which ends it. */
function spansOfGroup(pattern: RegExp, text: string): Span[] {
  const spans: Span[] = [];
  for (const match of matchesOf(pattern, text)) {
    const group = match.slice(1).find((value) => value !== undefined) ?? '';
    const end = match.index + match[0].length;
    spans.push({ start: end - group.length, end });
  }
  return spans;
}

function numberSpan(match: RegExpExecArray): Span {
  const number = match[1] ?? match[2] ?? '';
  const end = match.index + match[0].length;
  return { start: end - number.length, end };
}

/** Tokens in paths (PATH_TOKEN) with a letter and PATH_TOKEN_MIN_DIGITS digits: not a word or a date (`/confirm/2026-11-27`). */
function findPathTokens(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of matchesOf(PATH_TOKEN, text)) {
    const token = match[1] ?? '';
    if (!/[A-Za-z]/.test(token) || token.replace(/\D+/g, '').length < PATH_TOKEN_MIN_DIGITS) continue;
    const end = match.index + match[0].length;
    spans.push({ start: end - token.length, end });
  }
  return spans;
}

function findUrlPasswords(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of matchesOf(URL_PASSWORD, text)) {
    const password = match[1] ?? '';
    const end = match.index + match[0].length - 1;
    spans.push({ start: end - password.length, end });
  }
  return spans;
}

/**
 * Bearer tokens of 8+ characters with a digit, a `.`, `-`, `_`, `~`, `+` or `/`, or both cases of
 * letters (so `Bearer authentication` is prose).
 */
function findBearerTokens(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of matchesOf(BEARER, text)) {
    const token = match[1] ?? '';
    if (!/[\d.~+/_-]/.test(token) && !(/[a-z]/.test(token) && /[A-Z]/.test(token))) continue;
    const end = match.index + match[0].length;
    spans.push({ start: end - token.length, end });
  }
  return spans;
}

/** The credentials after `Basic`: base64 of `user:password` (so `Basic plan` is prose); the match is the credentials alone. */
const BASIC = /\bbasic[ \t]+([A-Za-z0-9+/]{6,}={0,2})(?![\w+/=])/gi;

function findBasicCredentials(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of matchesOf(BASIC, text)) {
    const credentials = match[1] ?? '';
    const decoded = Buffer.from(credentials, 'base64').toString('latin1');
    if (!decoded.includes(':') || !/^[\x20-\x7e]+$/.test(decoded)) continue;
    const end = match.index + match[0].length;
    spans.push({ start: end - credentials.length, end });
  }
  return spans;
}

/** API keys; an `sk-` or `key-` key needs a digit, so that `sk-learn-preprocessing-pipeline` is not one. */
function findApiKeys(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of matchesOf(API_KEY, text)) {
    const key = match[0];
    if ((key.startsWith('sk-') || key.startsWith('key-')) && !/\d/.test(key)) continue;
    spans.push({ start: match.index, end: match.index + key.length });
  }
  return spans;
}

/**
 * Values of secret keys. After a key that is not secret the search goes on right after that key,
 * not after its value: in `https://host/?token=abc` the value of `https` holds `token=abc`.
 */
function findSecretValues(text: string): Span[] {
  const spans: Span[] = [];
  // The shared regex, from the start (isSecretPropertyName, called in between, does not use it).
  KEY_VALUE.lastIndex = 0;
  for (let match = KEY_VALUE.exec(text); match !== null; match = KEY_VALUE.exec(text)) {
    const key = match[1] ?? '';
    // `https://x-access-token:ghp_…@github.com/…`: a URL's user info, whose password URL_PASSWORD finds (the host stays).
    const userInfo = text.startsWith('://', match.index - 3);
    if (userInfo || inAmazonResourceName(text, match.index) || (!isSecretPropertyName(unescapedBrackets(key)) && !isSignInCode(text, match.index, key))) {
      KEY_VALUE.lastIndex = match.index + key.length;
      continue;
    }
    // `password_reset_requested: true`: a flag (or nothing) says no secret.
    // `Authorization: SSWS 00Qk…`: a scheme the pattern does not skip, then the credentials.
    if (match[6] === undefined || !NO_SECRET_VALUE.test(match[6])) spans.push(credentialsAfterScheme(text, key, match[6], secretValueSpan(match, text)));
  }
  KEY_VALUE.lastIndex = 0;
  if (text.includes('<') && /\svalue\s*=/i.test(text)) for (const span of findInputValues(text)) spans.push(span);
  return spans;
}

/**
 * Whether the key at `index` is a part of an Amazon Resource Name (`arn:aws:secretsmanager:…:secret:prod/db`):
 * the type and name of a resource, not a secret's value.
 */
function inAmazonResourceName(text: string, index: number): boolean {
  return text.charCodeAt(index - 1) === 0x3a && /(?:^|[^\w-])arn:aws[\w-]*:[^\s"']*$/.test(text.slice(Math.max(0, index - 200), index));
}

/**
 * A path on which a `code` query parameter is an OAuth (or OpenID, SAML, magic-link) sign-in's
 * authorization code: `/auth/callback`, `/oauth2/callback`, `/login/oauth/authorize`, `/signin-oidc`,
 * `/sso/…`, `/login`. The code, with the client's secret, gets the user's tokens.
 */
const SIGN_IN_PATH = /callback|oauth|authori[sz]e|\/auth\b|sign-?in|\/sso\b|\/login\b/i;

/**
 * Whether `key` at `index` of `text` is a `code` query parameter (after `?`, `&` or `#`) of a URL
 * whose path is a sign-in's (SIGN_IN_PATH): `https://app.example/auth/callback?code=4/0Aean…`.
 * Elsewhere `code` is a coupon's, a country's or a status's, and stays.
 */
function isSignInCode(text: string, index: number, key: string): boolean {
  if (key.length !== 4 || key.toLowerCase() !== 'code') return false;
  const before = text.charCodeAt(index - 1);
  if (before !== 0x3f && before !== 0x26 && before !== 0x23) return false;
  let start = index - 1;
  while (start > 0 && !/\s/.test(text.charAt(start - 1))) start--;
  return SIGN_IN_PATH.test(text.slice(start, index));
}

function secretValueSpan(match: RegExpExecArray, text: string): Span {
  const value = match[2] ?? match[3] ?? match[4] ?? match[5] ?? match[6] ?? '';
  const quoted = match[6] === undefined;
  const end = match.index + match[0].length - (match[2] !== undefined ? 2 : quoted ? 1 : 0);
  return { start: end - value.length, end: quoted ? end : tailOfBareValue(text, end) };
}

/**
 * Where a bare value that stopped at a `;` or `&` ends: further on while what follows it, up to
 * the next `;`, `&` or space, holds no `=` (`password=Gannet9Reef;x&remember=1` ends after `;x`,
 * `password=Puffin3Cove&Bay` after `&Bay`): that is the rest of the password, not another pair.
 * A cookie's `; ` and a query's `&next=1` end it.
 */
function tailOfBareValue(text: string, end: number): number {
  let at = end;
  while (at < text.length && (text.charCodeAt(at) === 0x3b || text.charCodeAt(at) === 0x26)) {
    let next = at + 1;
    while (next < text.length && !/[\s;&"'<>(){},=]/.test(text.charAt(next))) next++;
    if (next === at + 1 || text.charAt(next) === '=') break;
    at = next;
  }
  return at;
}
