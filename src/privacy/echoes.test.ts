// A value protected where it was recorded (typed into a blocked field or a field for a secret, a
// blocked element's text) is replaced wherever else the session repeats it.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import type { SessionEvent } from '../session/session-schema.js';
import { valuedEventsOf } from '../session/valued-events.js';
import { echoesOf } from './echoes.js';
import { parsePrivacyRules } from './privacy-rules.js';
import { redactSession } from './redact-session.js';

const at = (second: number) => `2026-11-01T10:00:${String(second).padStart(2, '0')}Z`;

// An insurer's quote form that logs what failed validation, as the fixture form-validation-errors does.
const session = parseSession({
  id: 'u-1:s-1',
  user: { id: 'u-1', properties: { last_dob: '14/7/1988' } },
  events: [
    { type: 'input-change', timestamp: at(1), target: { selector: 'form#quote input#dob' }, value: '14/7/1988' },
    { type: 'click', timestamp: at(2), target: { selector: 'form#quote div.dob-preview', text: 'Born 14/7/1988' } },
    { type: 'console-error', timestamp: at(3), message: '[QuoteForm] Validation failed: dateOfBirth "14/7/1988" does not match DD/MM/YYYY' },
    { type: 'network-error', timestamp: at(4), url: 'https://quote.example/api/validate?dob=14%2F7%2F1988', method: 'GET', status: 422 },
    { type: 'input-change', timestamp: at(5), target: { selector: 'form#login input[type="password"]' }, value: 'hunter2' },
    { type: 'console-error', timestamp: at(6), message: 'login failed for ada: hunter2 rejected' },
    { type: 'custom', name: 'Form Error', timestamp: at(7), properties: { field: 'dob', entered: '14/7/1988', note: 'hunter2!' } },
    { type: 'input-change', timestamp: at(8), target: { selector: 'form#quote input#title' }, value: 'Mr' },
    { type: 'console-error', timestamp: at(9), message: 'Mr is not a title we know' },
  ],
});
const rules = parsePrivacyRules('presets: [secret]\nblock_selectors: ["input#dob", "div.dob-preview"]\n');

describe('protected values that echo elsewhere', () => {
  it('replaces what was typed into a blocked field or a field for a secret, and a blocked text, wherever the session repeats it', () => {
    const { session: redacted, counts } = redactSession(session, rules);
    const [, , error, request, , login, custom, , title] = redacted.events;
    expect(error?.message).toBe('[QuoteForm] Validation failed: dateOfBirth "[blocked]" does not match DD/MM/YYYY');
    // As a URL escapes it.
    expect(request?.url).toBe('https://quote.example/api/validate?dob=[blocked]');
    expect(login?.message).toBe('login failed for ada: [secret] rejected');
    expect(custom?.properties).toEqual({ field: 'dob', entered: '[blocked]', note: '[secret]!' });
    expect((redacted.user?.properties as Record<string, unknown>)['last_dob']).toBe('[blocked]');
    // A value shorter than 4 characters is as often another word: not looked for.
    expect(title?.message).toBe('Mr is not a title we know');
    // The selectors that name the fields stay.
    expect(redacted.events[0]?.target?.selector).toBe('form#quote input#dob');
    expect(Object.fromEntries(counts)).toEqual({ blocked: 6, secret: 3 });
  });

  it('finds none without rules that protect a value where it was recorded, and none in a session that types nothing protected', () => {
    expect(echoesOf(session, parsePrivacyRules('presets: [ip]\nstrip_url_params: [dob]\n'))).toBeUndefined();
    // An email field's value that the email preset finds as it is was not replaced whole: nothing to look for.
    expect(echoesOf(parseSession({ id: 'u:s', events: [{ type: 'input-change', timestamp: at(1), target: { selector: 'input#email' }, value: 'ada@example.com' }] }), parsePrivacyRules('presets: [email]\n'))).toBeUndefined();
    expect(echoesOf(parseSession({ id: 'u:s', events: [{ type: 'click', timestamp: at(1), target: { selector: 'a', text: 'Home' } }] }), rules)).toBeUndefined();
    expect(echoesOf(session, rules)?.test('born 14/7/1988')).toBe(true);
  });

  it('protects a value typed in an event the profile leaves out where a kept one repeats it, in the prompt as in redactSession', () => {
    const profile = parseProfile('events:\n  exclude_types: [input-change, click]\n');
    const prepared = prepare(profile, session, { privacy: rules });
    expect(prepared.prompt).not.toContain('14/7/1988');
    expect(prepared.prompt).not.toContain('14%2F7%2F1988');
    expect(prepared.prompt).not.toContain('hunter2');
    expect(prepared.prompt).toContain('dateOfBirth \\"[blocked]\\"');
    // The same with rules the probe cannot answer for (a pattern): every kept event redacted before the render.
    const withPattern = parsePrivacyRules('presets: [secret]\nblock_selectors: ["input#dob", "div.dob-preview"]\npatterns:\n  order: "ORD-[0-9]{6}"\n');
    expect(prepare(profile, session, { privacy: withPattern }).prompt).toBe(prepared.prompt);
  });
});

describe('values masked by a property path or replaced in a field of a preset', () => {
  // A delivery app that stores the address on the user, and logs what its forms were given.
  const delivery = parseSession({
    id: 'u-2:s-2',
    user: { id: 'u-2', properties: { address: '221B Baker Street', plan: 'pro' } },
    events: [
      { type: 'custom', name: 'Delivery Set', timestamp: at(1), properties: { delivery: { note: 'Ring twice at the blue door', zip: 94105 } } },
      { type: 'console-error', timestamp: at(2), message: 'geocode failed for "221B Baker Street" (zip 94105)' },
      { type: 'click', timestamp: at(3), target: { selector: 'div.courier-note', text: 'Note: Ring twice at the blue door' } },
      { type: 'input-change', timestamp: at(4), target: { selector: 'form#account input[type="tel"]' }, value: '4155550100' },
      { type: 'input-change', timestamp: at(5), target: { selector: 'form#account input#email' }, value: 'ada@exa' },
      { type: 'input-change', timestamp: at(6), target: { selector: 'form#pay input#card-number' }, value: '4111 1111 1111 1112' },
      { type: 'console-error', timestamp: at(7), message: 'lookup 4155550100 failed; ada@exa bounced; card 4111 1111 1111 1112 declined' },
      { type: 'network-error', timestamp: at(8), url: 'https://shop.example/api/verify?email=ada%40exa&order=4155550100', method: 'GET', status: 400 },
      // Not the protected values: inside longer ones, or others.
      { type: 'console-error', timestamp: at(9), message: 'order 41555501009 shipped to ada@example.org; plan pro' },
    ],
  });
  const masking = parsePrivacyRules('presets: [email, card, phone]\nmask_properties: ["user.properties.address", "properties.delivery.*"]\n');

  it('replaces them wherever the session repeats them, under the rule that replaced them, and nothing inside a longer word or number', () => {
    const { session: redacted, counts } = redactSession(delivery, masking);
    const [custom, geocode, courier, , , , lookup, verify, order] = redacted.events;
    expect(custom?.properties).toEqual({ delivery: { note: '[masked]', zip: '[masked]' } });
    expect(geocode?.message).toBe('geocode failed for "[masked]" (zip [masked])');
    expect(courier?.target?.text).toBe('Note: [masked]');
    expect(lookup?.message).toBe('lookup [phone] failed; [email] bounced; card [card] declined');
    expect(verify?.url).toBe('https://shop.example/api/verify?email=[email]&order=[phone]');
    expect(order?.message).toBe('order 41555501009 shipped to [email]; plan pro');
    expect((redacted.user?.properties as Record<string, unknown>)['address']).toBe('[masked]');
    expect(JSON.stringify(redacted)).not.toMatch(/Baker|blue door|94105|4155550100\b|ada@exa\b|1112/);
    expect(Object.fromEntries(counts)).toEqual({ masked: 6, phone: 3, email: 4, card: 2 });
  });

  it('gives the same prompt through the render that redacts only the suspected events', () => {
    const profile = parseProfile('{}');
    const fields = parsePrivacyRules('presets: [email, card, phone]\n');
    const probed = prepare(profile, delivery, { privacy: fields });
    expect(probed.prompt).toContain('lookup [phone] failed; [email] bounced; card [card] declined');
    expect(probed.prompt).toBe(prepare(profile, delivery, { privacy: parsePrivacyRules('presets: [email, card, phone]\npatterns:\n  order: "ORD-[0-9]{6}"\n') }).prompt);
    expect(probed.privacy).toEqual(Object.fromEntries(redactSession(delivery, fields).counts));
    expect(prepare(profile, delivery, { privacy: masking }).prompt).not.toMatch(/Baker|blue door|94105/);
  });
});

describe('a protected value written another way', () => {
  it('is found with + for its spaces, escapes in lower case or twice, without the spaces typed around it, and as a number', () => {
    const forms = parseSession({
      id: 'u-4:s-4',
      events: [
        { type: 'input-change', timestamp: at(1), target: { selector: 'input#address' }, value: '17 Larkspur Close' },
        { type: 'input-change', timestamp: at(2), target: { selector: 'input#dob' }, value: '03/11/1979' },
        { type: 'input-change', timestamp: at(3), target: { selector: 'input#name' }, value: 'Eleanor Whitfield ' },
        { type: 'input-change', timestamp: at(4), target: { selector: 'input#member-no' }, value: 88410273 },
        { type: 'network-error', timestamp: at(5), url: 'https://clinic.example/book/nearest?address=17+Larkspur+Close&dob=03%2f11%2f1979', method: 'GET', status: 500 },
        { type: 'console-error', timestamp: at(6), message: 'retry /x?dob=03%252F11%252F1979 for Eleanor Whitfield: membership 88410273 expired' },
      ],
    });
    const rules = parsePrivacyRules('block_selectors: ["input#address", "input#dob", "input#name", "input#member-no"]\n');
    const [, , , , request, error] = redactSession(forms, rules).session.events;
    expect(request?.url).toBe('https://clinic.example/book/nearest?address=[blocked]&dob=[blocked]');
    expect(error?.message).toBe('retry /x?dob=[blocked] for [blocked]: membership [blocked] expired');
  });

  it('is found without its groups when it is a phone, card or IBAN number typed with them', () => {
    const grouped = parseSession({
      id: 'u-5:s-5',
      events: [
        { type: 'input-change', timestamp: at(1), target: { selector: 'input#mobile' }, value: '(202) 555-0173' },
        { type: 'network-error', timestamp: at(2), url: 'https://api.example/v2/customers/2025550173', method: 'GET', status: 404 },
        { type: 'custom', name: 'Lookup', timestamp: at(3), properties: { lookup_key: '2025550173' } },
      ],
    });
    const [, request, lookup] = redactSession(grouped, parsePrivacyRules('presets: [phone]\n')).session.events;
    expect(request?.url).toBe('https://api.example/v2/customers/[phone]');
    expect(lookup?.properties).toEqual({ lookup_key: '[phone]' });
  });
});

describe('protected values written as forms and servers write them', () => {
  it('is found escaped as forms and rawurlencode escape it, with escapes in lower case and + for spaces, and a number typed as one', () => {
    const written = parseSession({
      id: 'u-6:s-6',
      events: [
        { type: 'input-change', timestamp: at(1), target: { selector: 'input#guest-name' }, value: 'Siobhán O\'Connell' },
        { type: 'input-change', timestamp: at(2), target: { selector: 'input#street' }, value: 'Flat 3, 27 Marlowe Rise' },
        { type: 'input-change', timestamp: at(3), target: { selector: 'input[autocomplete="one-time-code"]' }, value: 583920 },
        { type: 'input-change', timestamp: at(4), target: { selector: 'input[type=tel]' }, value: '0711/2345601' },
        { type: 'input-change', timestamp: at(5), target: { selector: 'form#pay input#card-number' }, value: 4111111111111112 },
        { type: 'navigate', timestamp: at(6), url: 'https://hotel.example/book?guest=Siobh%C3%A1n+O%27Connell&g2=Siobh%C3%A1n%20O%27Connell' },
        { type: 'console-error', timestamp: at(7), message: 'geocode Flat+3%2c+27+Marlowe+Rise failed; verify: attempt 583920 rejected; tokenize: luhn failed for 4111111111111112' },
        { type: 'network-error', timestamp: at(8), url: 'https://api.example/callback?number=07112345601&next=%2Fx%3Fs%3DFlat%252C&again=%2Fb%3Fstreet%3DFlat%2B3%252C%2B27%2BMarlowe%2BRise', method: 'GET', status: 500 },
      ],
    });
    const rules = parsePrivacyRules('presets: [secret, phone, card]\nblock_selectors: ["input#guest-name", "input#street"]\n');
    const [, , , , , page, error, request] = redactSession(written, rules).session.events;
    expect(page?.url).toBe('https://hotel.example/book?guest=[blocked]&g2=[blocked]');
    expect(error?.message).toBe('geocode [blocked] failed; verify: attempt [secret] rejected; tokenize: luhn failed for [card]');
    // Form-encoded, then escaped again inside another URL's parameter, right after its escaped `=`.
    expect(request?.url).toBe('https://api.example/callback?number=[phone]&next=%2Fx%3Fs%3DFlat%252C&again=%2Fb%3Fstreet%3D[blocked]');
  });
});

describe('a number typed into a protected field, in a loaded session', () => {
  it('is replaced wherever the session repeats it, under presets alone: the loader notes a value typed as a number as it notes one typed as a string', () => {
    const loaded = parseSession({
      id: 'u-7:s-7',
      events: [
        { type: 'input-change', timestamp: at(1), target: { selector: 'input#otp' }, value: 583920 },
        { type: 'console-error', timestamp: at(2), message: 'code 583920 rejected' },
      ],
    });
    const presets = parsePrivacyRules('presets: [secret]\n');
    expect(redactSession(loaded, presets).session.events[1]?.message).toBe('code [secret] rejected');
    const prompt = prepare(parseProfile('{}'), loaded, { privacy: presets }).prompt;
    expect(prompt).not.toContain('583920');
    expect(prompt).toContain('code [secret] rejected');
  });
});

describe('protected values written as browsers write URLs', () => {
  it('is found escaped as a browser and encodeURI escape it, its spaces only, in a query or a path', () => {
    const built = parseSession({
      id: 'u-7:s-7',
      user: { id: 'u-7', properties: { address: '221B Baker St, London' } },
      events: [
        { type: 'input-change', timestamp: at(1), target: { selector: 'form#login input[type="password"]' }, value: 'blue kite/42' },
        // fetch(`/geocode?q=${address}`): the browser escapes the spaces and keeps the comma.
        { type: 'network-error', timestamp: at(2), url: 'https://maps.example/geocode?q=221B%20Baker%20St,%20London', method: 'GET', status: 500 },
        { type: 'console-error', timestamp: at(3), message: 'GET https://maps.example/v1/221B%20Baker%20St,%20London/pins 404; retry /login?next=blue%20kite/42' },
      ],
    });
    const rules = parsePrivacyRules('presets: [secret]\nmask_properties: ["user.properties.address"]\n');
    const [, request, error] = redactSession(built, rules).session.events;
    expect(request?.url).toBe('https://maps.example/geocode?q=[masked]');
    expect(error?.message).toBe('GET https://maps.example/v1/[masked]/pins 404; retry /login?next=[secret]');
  });

  it('is looked for when it holds a lone surrogate, as a text cut inside an emoji does', () => {
    const cut = parseSession({
      id: 'u-8:s-8',
      events: [
        { type: 'input-change', timestamp: at(1), target: { selector: 'form#login input[type="password"]' }, value: 'kite\ud83d' },
        { type: 'console-error', timestamp: at(2), message: 'login kite\ud83d failed' },
      ],
    });
    const rules = parsePrivacyRules('presets: [secret]\n');
    expect(redactSession(cut, rules).session.events[1]?.message).toBe('login [secret] failed');
    expect(prepare(parseProfile('{}'), cut, { privacy: rules }).prompt).toContain('message="login [secret] failed"');
  });
});

describe('what was pasted into a field', () => {
  const pasted = parseSession({
    id: 'u-3:s-3',
    events: [
      { type: 'paste', timestamp: at(1), target: { selector: 'form#login > input[type="password"]' }, text: 'Blue-Mango-Kettle' },
      { type: 'paste', timestamp: at(2), target: { selector: 'input[autocomplete="one-time-code"]' }, text: '730194' },
      { type: 'paste', timestamp: at(3), target: { selector: 'form#pay input#card-number' }, text: '4242 4242 4242 4243' },
      { type: 'paste', timestamp: at(4), target: { selector: 'textarea#symptoms' }, text: 'Recurring migraines' },
      { type: 'paste', timestamp: at(5), target: { selector: 'textarea#note' }, text: 'Leave it at the door' },
      { type: 'console-error', timestamp: at(6), message: 'login Blue-Mango-Kettle failed; card 4242 4242 4242 4243 declined' },
      { type: 'custom', name: 'Draft Saved', timestamp: at(7), properties: { preview: 'Recurring migraines' } },
    ],
  });
  const rules = parsePrivacyRules('presets: [secret, card]\nblock_selectors: ["textarea#symptoms"]\n');

  it('is replaced as a value typed there is, and wherever the session repeats it', () => {
    const { session: redacted, counts } = redactSession(pasted, rules);
    expect(redacted.events.map((event) => event.text ?? event.message ?? event.properties)).toEqual([
      '[secret]',
      '[secret]',
      '[card]',
      '[blocked]',
      'Leave it at the door',
      'login [secret] failed; card [card] declined',
      { preview: '[blocked]' },
    ]);
    expect(Object.fromEntries(counts)).toEqual({ secret: 3, card: 2, blocked: 2 });
    const profile = parseProfile('{}');
    const prepared = prepare(profile, pasted, { privacy: rules });
    expect(prepared.prompt).not.toMatch(/Blue-Mango|730194|4243|migraines/);
    expect(prepared.prompt).toBe(prepare(profile, pasted, { privacy: parsePrivacyRules('presets: [secret, card]\nblock_selectors: ["textarea#symptoms"]\npatterns:\n  order: "ORD-[0-9]{6}"\n') }).prompt);
  });
});

describe('the valued events noted when a session is loaded', () => {
  it('are read in place of every event, and a list made or changed since is read whole', () => {
    // By field: its selector path, then its text.
    const byField = valuedEventsOf(session.events);
    expect([...(byField ?? [])].map(([selector, byText]) => [selector, [...byText]])).toEqual([
      ['form#quote input#dob', [[undefined, ['14/7/1988']]]],
      ['form#login input[type="password"]', [[undefined, ['hunter2']]]],
      ['form#quote input#title', [[undefined, ['Mr']]]],
    ]);
    // A copy of the list (as redactSession and the studio make) was never noted: every event is read.
    const copied = { ...session, events: [...session.events] };
    expect(valuedEventsOf(copied.events)).toBeUndefined();
    expect(echoesOf(copied, rules)?.test('hunter2')).toBe(true);
    const grown = parseSession({ id: 'u:s', events: [{ type: 'click', timestamp: at(1), target: { selector: 'a' } }] });
    (grown.events as SessionEvent[]).push({ type: 'input-change', timestamp: at(2), time: Date.parse(at(2)), target: { selector: 'input[type="password"]' }, value: 'hunter2' } as SessionEvent);
    expect(valuedEventsOf(grown.events)).toBeUndefined();
    expect(echoesOf(grown, rules)?.test('hunter2')).toBe(true);
  });
});

describe('a protected value that is also a selector', () => {
  it('is replaced elsewhere whether or not the selector comes first, in the prompt as in redactSession (found by the privacy probe hunt)', () => {
    // A selector is read without the protected values: its redaction, remembered first, stood for the message's too.
    const typed = parseSession({
      id: 'u-1:s-1',
      events: [
        { type: 'click', timestamp: at(1), target: { selector: 'input.card', text: 'div.safe' } },
        { type: 'click', timestamp: at(2), target: { selector: 'div.safe' } },
        { type: 'console-error', timestamp: at(3), message: 'div.safe' },
      ],
    });
    const rules = parsePrivacyRules('presets: [ip]\nblock_selectors: ["input.card"]\n');
    const { session: redacted } = redactSession(typed, rules);
    expect(redacted.events[1]?.target?.selector).toBe('div.safe');
    expect(redacted.events[2]?.message).toBe('[blocked]');
    const prompt = prepare(parseProfile('{}'), typed, { privacy: rules }).prompt;
    expect(prompt).toContain('target="div.safe"');
    expect(prompt).toContain('console-error message="[blocked]"');
  });
});

describe('protected values named as a property', () => {
  it('are replaced in the name too, in the prompt as in redactSession', () => {
    const named = parseSession({
      id: 'u-1:s-1',
      events: [
        { type: 'input-change', timestamp: at(1), target: { selector: 'form#login input[type="password"]' }, value: 'hunter2' },
        { type: 'custom', name: 'Debug', timestamp: at(2), properties: { hunter2: 'tried' } },
      ],
    });
    const profile = parseProfile('{}');
    const prepared = prepare(profile, named, { privacy: parsePrivacyRules('presets: [secret]\n') });
    expect(prepared.prompt).toContain('properties={"[secret]":"tried"}');
    expect(prepared.prompt).toBe(prepare(profile, named, { privacy: parsePrivacyRules('presets: [secret]\npatterns:\n  order: "ORD-[0-9]{6}"\n') }).prompt);
  });

  it("leave the names of an event's own fields and of its target's, which the session format gives (found by the privacy probe hunt)", () => {
    const typed = parseSession({
      id: 'u-1:s-1',
      events: [
        { type: 'input-change', timestamp: at(1), target: { selector: 'form#login input[type="password"]' }, value: 'message' },
        { type: 'click', timestamp: at(2), name: 'target', target: { selector: 'input.card', text: 'Pay' } },
        { type: 'console-error', timestamp: at(3), message: 'a message', target: { selector: 'main', text: 'x' }, properties: { message: 1, selector: 'text' } },
      ],
    });
    const { session: redacted } = redactSession(typed, parsePrivacyRules('presets: [secret]\nblock_selectors: ["input.card"]\n'));
    expect(redacted.events[1]).toMatchObject({ name: '[blocked]', target: { selector: 'input.card', text: '[blocked]' } });
    // The names of a custom property are the page's: replaced as ever.
    expect(redacted.events[2]).toMatchObject({ message: 'a [secret]', target: { selector: 'main', text: 'x' }, properties: { '[secret]': 1, selector: 'text' } });
  });
});
