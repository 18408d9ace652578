// Property: whatever the session, no generated email, card number, phone number, IBAN, token or
// text of a blocked element reaches the rendered prompt, the context or the JSON that
// `--dry-run --json`, cassettes and the server show, with every preset and a block selector on.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePrivacyRules } from '../privacy/privacy-rules.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { toPreparedJson } from './prepared-json.js';
import { prepare } from './prepare.js';

const rules = parsePrivacyRules('presets: [email, card, phone, iban, ip, secret]\nblock_selectors: ["#secret-zone *"]\n');
const profile = parseProfile('context:\n  include: [user]\n');

const digits = (count: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: count, maxLength: count }).map((list) => list.join(''));
const alnum = (min: number, max: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9]{${min},${max}}$`));

function luhnComplete(body: string): string {
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A German IBAN with its mod-97 check digits. */
function iban(bban: string): string {
  const numeric = `${bban}131400`; // D=13, E=14, then 00
  let remainder = 0;
  for (const character of numeric) remainder = (remainder * 10 + Number(character)) % 97;
  return `DE${String(98 - remainder).padStart(2, '0')}${bban}`;
}

const secrets = {
  email: fc.tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,8}[a-z0-9]$/), fc.stringMatching(/^[a-z]{2,8}$/)).map(([local, domain]) => `${local}@${domain}.org`),
  card: fc.tuple(fc.integer({ min: 2, max: 9 }), digits(14)).map(([first, rest]) => luhnComplete(`${first}${rest}`)),
  phone: digits(4).map((tail) => `+44 20 7946 ${tail}`),
  iban: digits(18).map(iban),
  token: fc.oneof(
    fc.tuple(alnum(8, 20), alnum(8, 20), alnum(16, 32)).map(([header, payload, signature]) => `eyJ${header}.eyJ${payload}.${signature}`),
    alnum(24, 40).map((token) => `Bearer ${token}`),
  ),
  blocked: alnum(8, 12).map((text) => `BLK${text}`),
};
const word = fc.stringMatching(/^[a-z]{1,8}$/);

describe('prepare with every preset and a block selector on', () => {
  it('renders no generated secret in the prompt, the context or the JSON shown', () => {
    fc.assert(
      fc.property(
        fc.record(secrets),
        fc.array(word, { minLength: 0, maxLength: 4 }),
        fc.constantFrom('message', 'target.text', 'value', 'properties.note', 'user.email', 'user.properties.contact'),
        (secret, words, field) => {
          const sentence = [...words, secret.email, secret.card, secret.phone, secret.iban, secret.token].join(' ');
          const event: Record<string, unknown> = { type: 'console-error', timestamp: '2026-11-01T10:00:01Z', message: 'seed' };
          const user: Record<string, unknown> = { uid: 'u-1', properties: {} };
          if (field === 'message') event.message = sentence;
          else if (field === 'target.text') Object.assign(event, { type: 'click', target: { selector: 'main > button', text: sentence } });
          else if (field === 'value') Object.assign(event, { type: 'input-change', target: { selector: 'form > input' }, value: sentence });
          else if (field === 'properties.note') Object.assign(event, { type: 'custom', name: 'Note', properties: { note: sentence } });
          else if (field === 'user.email') user.email = sentence;
          else user.properties = { contact: sentence };
          const session = parseSession({
            id: 'u-1:s-1',
            user,
            events: [
              event,
              { type: 'click', timestamp: '2026-11-01T10:00:02Z', target: { selector: 'div#secret-zone > span.balance', text: secret.blocked } },
              { type: 'input-change', timestamp: '2026-11-01T10:00:03Z', target: { selector: 'div#secret-zone > input' }, value: secret.blocked },
            ],
          });
          const prepared = prepare(profile, session, { privacy: rules });
          const shown = [prepared.prompt, JSON.stringify(prepared.context), JSON.stringify(toPreparedJson(prepared))];
          const token = secret.token.replace(/^Bearer /, '');
          for (const value of [secret.email, secret.card, secret.phone, secret.iban, token, secret.blocked]) {
            for (const text of shown) expect(text).not.toContain(value);
          }
          expect(prepared.events.kept).toHaveLength(3);
        },
      ),
      { numRuns: 300 },
    );
  });
});
