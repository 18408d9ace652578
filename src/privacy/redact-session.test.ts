import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSession } from '../session/parse-session.js';
import { parsePrivacyRules } from './privacy-rules.js';
import { redactSession } from './redact-session.js';

const rules = parsePrivacyRules(
  [
    'presets: [email, card, secret]',
    'patterns:',
    '  order: "ORD-[0-9]{6}"',
    'mask_properties: ["user.properties.phone", "properties.address.*"]',
    'strip_url_params: [reset_token]',
  ].join('\n'),
);

const session = () =>
  parseSession({
    id: 'u-1:s-1',
    created_time: '2026-11-01T10:00:00Z',
    user: { uid: 'ada@example.com', email: 'ada@example.com', properties: { phone: '+44 20 7946 0958', plan: 'pro' } },
    events: [
      { type: 'navigate', timestamp: '2026-11-01T10:00:00Z', url: 'https://shop.test/reset?reset_token=abc123&step=2' },
      { type: 'input-change', timestamp: '2026-11-01T10:00:05Z', target: { selector: '#card', text: 'Card number' }, value: '4111 1111 1111 1111' },
      { type: 'click', timestamp: '2026-11-01T10:00:09Z', target: { selector: 'button.pay', text: 'Pay for ORD-123456' } },
      {
        type: 'custom',
        name: 'Checkout Failed',
        timestamp: '2026-11-01T10:00:10Z',
        properties: { password: 'hunter2', address: { street: '1 Main St', city: 'Leeds' }, note: 'write to ada@example.com', total: 12.5 },
      },
      { type: 'console-error', timestamp: '2026-11-01T10:00:11Z', message: 'Unauthorized: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sgnature1234' },
    ],
  });

describe('redactSession', () => {
  it('replaces what every rule matches by its placeholder, in the context and in every kind of event, and counts each', () => {
    const { session: redacted, counts } = redactSession(session(), rules);
    expect(redacted.user).toEqual({ uid: '[email]', email: '[email]', properties: { phone: '[masked]', plan: 'pro' } });
    expect(redacted.events.map((event) => event.url ?? event.value ?? event.target?.text ?? event.message ?? event.properties)).toEqual([
      'https://shop.test/reset?step=2',
      '[card]',
      'Pay for [order]',
      { password: '[secret]', address: { street: '[masked]', city: '[masked]' }, note: 'write to [email]', total: 12.5 },
      expect.stringMatching(/^Unauthorized: Bearer \[secret\]$/),
    ]);
    expect(Object.fromEntries(counts)).toEqual({ email: 3, masked: 3, url_param: 1, card: 1, order: 1, secret: 2 });
  });

  it('keeps every event, its type, time and order, and the session id', () => {
    const original = session();
    const { session: redacted } = redactSession(original, rules);
    expect(redacted.id).toBe(original.id);
    expect(redacted.events.map((event) => [event.type, event.timestamp, event.time])).toEqual(original.events.map((event) => [event.type, event.timestamp, event.time]));
  });

  it('returns the session itself, not a copy, when nothing matches', () => {
    const plain = parseSession({ id: 'u:s', events: [{ type: 'click', timestamp: '2026-11-01T10:00:00Z', target: { text: 'Add to cart' } }] });
    const { session: redacted, counts } = redactSession(plain, rules);
    expect(redacted).toBe(plain);
    expect(counts.size).toBe(0);
  });

  it('leaves no generated email or card number in any string of the session', () => {
    const luhn = (digits: number[]) => {
      const sum = digits.reduce((total, digit, index) => {
        // The check digit is appended: the payload's last digit is the first one doubled.
        const doubled = (digits.length - index) % 2 === 1 ? digit * 2 : digit;
        return total + (doubled > 9 ? doubled - 9 : doubled);
      }, 0);
      return [...digits, (10 - (sum % 10)) % 10].join('');
    };
    const card = fc.tuple(fc.integer({ min: 2, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 14, maxLength: 14 })).map(([first, rest]) => luhn([first, ...rest]));
    const email = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,10}[a-z0-9]$/), fc.stringMatching(/^[a-z]{2,10}$/)).map(([local, domain]) => `${local}@${domain}.com`);
    const word = fc.stringMatching(/^[A-Za-z]{1,8}$/);
    fc.assert(
      fc.property(fc.array(fc.oneof(card, email, word), { minLength: 1, maxLength: 12 }), fc.array(fc.constantFrom('target.text', 'message', 'value', 'properties.note'), { minLength: 1, maxLength: 4 }), (words, fields) => {
        const text = words.join(' ');
        const events = fields.map((field, index) => {
          const event: Record<string, unknown> = { type: 'custom', name: 'Generated', timestamp: `2026-11-01T10:00:0${index}Z` };
          const [head, tail] = field.split('.');
          event[head as string] = tail === undefined ? text : { [tail]: text };
          return event;
        });
        const { session: redacted } = redactSession(parseSession({ id: 'u:s', events }), rules);
        const serialized = JSON.stringify(redacted);
        for (const secret of words.filter((item) => item.includes('@') || /^\d+$/.test(item))) expect(serialized).not.toContain(secret);
      }),
    );
  });
});

describe('redactSession and the session id', () => {
  it('replaces an email inside the id (the prompt shows it), keeping the rest of the id', () => {
    const rules = parsePrivacyRules('presets: [email]\n');
    const session = { id: 'ada@example.com:s-1', events: [] } as unknown as Parameters<typeof redactSession>[0];
    const redacted = redactSession(session, rules);
    expect(redacted.session.id).toBe('[email]:s-1');
    expect(redacted.counts.get('email')).toBe(1);
    const plain = { id: 'u-1:s-1', events: [] } as unknown as Parameters<typeof redactSession>[0];
    expect(redactSession(plain, rules).session).toBe(plain);
  });
});

describe('redactSession on repeated texts', () => {
  it('counts a text repeated in many events once per occurrence, and redacts it as a URL or a text by its field', () => {
    const rules = parsePrivacyRules('presets: [email]\nstrip_url_params: [ref]\n');
    // A path relative to the page is a URL in a URL field only (in a text, http(s) URLs and those
    // starting with a `/` are found).
    const url = 'shop/?ref=ada@example.com&page=2';
    const events = Array.from({ length: 5 }, (_, index) => ({ type: 'click', timestamp: `2026-11-01T10:00:0${index}Z`, target: { selector: 'a', text: url } }));
    const session = parseSession({ id: 'u-1:s-1', events: [...events, { type: 'navigate', timestamp: '2026-11-01T10:00:09Z', url }] });
    const redacted = redactSession(session, rules);
    expect(redacted.session.events.slice(0, 5).map((event) => event.target?.text)).toEqual(Array(5).fill('shop/?ref=[email]&page=2'));
    expect(redacted.session.events[5]?.url).toBe('shop/?page=2');
    expect(Object.fromEntries(redacted.counts)).toEqual({ email: 5, url_param: 1 });
  });
});

describe('redactSession on numbers, names and structured secrets', () => {
  it('replaces a phone number typed into a phone field, plain digits too, and leaves other fields and other values alone', () => {
    const rules = parsePrivacyRules('presets: [phone]\nblock_selectors: ["#blocked"]\n');
    const typed = (selector: string, value: string | number, text?: string) => ({ type: 'input-change', timestamp: '2026-11-01T10:00:00Z', target: { selector, text }, value });
    const session = parseSession({
      id: 'u-1:s-1',
      events: [
        typed('form#signup > input#phone', '4155550100'),
        typed('input[type="tel"]', 7700900123),
        // The others hold digits no phone field holds: one typed into a phone field is replaced wherever it appears (see echoes.test.ts).
        typed('input#quantity', '4155550111'),
        typed('input#phone', 'n/a'),
        typed('div#blocked > input#phone', '4155550199'),
        // A field whose selector says nothing, labelled as a phone's.
        typed('form > input#f3', '4155550100', 'Mobile number (optional)'),
        typed('form > input#f4', '4155550122', 'Order number'),
        typed('form > input#f5', '4155550133', 'We will never share your phone number with anyone else at all'),
        // Typed half-way: too few digits for a phone number anywhere else.
        typed('input[type="tel"]', '+44 20 79'),
      ],
    });
    const { session: redacted, counts } = redactSession(session, rules);
    expect(redacted.events.map((event) => event.value)).toEqual(['[phone]', '[phone]', '4155550111', 'n/a', '[blocked]', '[phone]', '4155550122', '4155550133', '[phone]']);
    expect(Object.fromEntries(counts)).toEqual({ phone: 4, blocked: 1 });
  });

  it('replaces whatever is typed into a field for an email, a card or an IBAN, which the patterns may not match, under that preset', () => {
    const rules = parsePrivacyRules('presets: [email, card, iban]\nblock_selectors: ["#blocked *"]\n');
    const typed = (selector: string, value: string | number, text?: string) => ({ type: 'input-change', timestamp: '2026-11-01T10:00:00Z', target: { selector, text }, value });
    const fields = [
      [typed('input[type="email"]', 'ada@exa'), '[email]'],
      [typed('form#login > input#email', 'ada.lovelace'), '[email]'],
      [typed('input[autocomplete="email"]', 'ada@example'), '[email]'],
      [typed('input[name="user_email"]', 'ada@'), '[email]'],
      [typed('form > input#f1', 'ada@exam', 'Email address'), '[email]'],
      // A card number with a digit wrong fails the Luhn check; one typed half-way is too short.
      [typed('input[autocomplete="cc-number"]', '4111 1111 1111 1112'), '[card]'],
      [typed('input#card-number', '4111 1111 11'), '[card]'],
      [typed('input[name="ccnum"]', 411111111111), '[card]'],
      [typed('input[autocomplete="cc-exp"]', '12/27'), '[card]'],
      [typed('input.card-exp-month', '12'), '[card]'],
      [typed('form > input#f2', '5555 5555 5555 444', 'Card number'), '[card]'],
      // An IBAN whose checksum fails.
      [typed('input#iban', 'DE89 3704 0044 0532 0130 01'), '[iban]'],
      [typed('form > input#f3', 'GB82 WEST 1234', 'IBAN'), '[iban]'],
    ] as const;
    const others = [
      typed('input[name="email_opt_in"]', 'yes'),
      typed('input#email[type="checkbox"]', 'on'),
      typed('input#search', 'eve@exa'),
      typed('form > input#f4', 'Ada', 'First name'),
      typed('input[type="email"]', ''),
      typed('div#blocked > input[type="email"]', 'bob@exa'),
      typed('input#card-holder', 'Ada Lovelace'),
      typed('input#caribbean-cruise', 'yes'),
    ];
    const { session: redacted, counts } = redactSession(parseSession({ id: 'u-1:s-1', events: [...fields.map(([event]) => event), ...others] }), rules);
    expect(redacted.events.map((event) => event.value)).toEqual([...fields.map(([, placeholder]) => placeholder), 'yes', 'on', 'eve@exa', 'Ada', '', '[blocked]', 'Ada Lovelace', 'yes']);
    expect(Object.fromEntries(counts)).toEqual({ email: 5, card: 6, iban: 2, blocked: 1 });
    // Addresses the pattern finds whole keep their separators, and each counts.
    const invites = redactSession(parseSession({ id: 'u-1:s-1', events: [typed('input#invite-emails', 'ada@example.com, bob@example.com'), typed('input#invite-emails', 'ada@example.com, bob@exa')] }), rules);
    expect(invites.session.events.map((event) => event.value)).toEqual(['[email], [email]', '[email]']);
    expect(Object.fromEntries(invites.counts)).toEqual({ email: 3 });
    // Each kind of field only under its preset.
    const emailOnly = redactSession(parseSession({ id: 'u-1:s-1', events: fields.map(([event]) => event) }), parsePrivacyRules('presets: [email]\n'));
    expect(Object.fromEntries(emailOnly.counts)).toEqual({ email: 5 });
  });

  it('replaces whatever is typed into a field for a secret, and leaves other fields, empty values and blocked ones alone', () => {
    const rules = parsePrivacyRules('presets: [secret]\nblock_selectors: ["#blocked *"]\n');
    const typed = (selector: string, value: string | number, text?: string) => ({ type: 'input-change', timestamp: '2026-11-01T10:00:00Z', target: { selector, text }, value });
    const secrets = [
      typed('form#login > input[type="password"]', 'hunter2'),
      typed('input#password', 'correct horse'),
      typed('input[name="otp"]', 492817),
      typed('form#pay > input.cvc-field', '123'),
      typed('input[autocomplete="cc-csc"]', '123'),
      typed('input[autocomplete="username current-password"]', 'hunter2'),
      typed('input[autocomplete="one-time-code"]', '492817'),
      typed('input[data-testid="pin-input"]', '0000'),
      typed('form > input#f2', '492817', 'Verification code'),
    ];
    const others = [
      typed('input#search', 'rain jacket'),
      typed('input#password-strength', 'weak'),
      typed('form > input#f3', 'Ada', 'First name'),
      typed('input[type="password"]', ''),
      typed('div#blocked > input[type="password"]', 'hunter3'),
    ];
    const { session: redacted, counts } = redactSession(parseSession({ id: 'u-1:s-1', events: [...secrets, ...others] }), rules);
    expect(redacted.events.map((event) => event.value)).toEqual([...secrets.map(() => '[secret]'), 'rain jacket', 'weak', 'Ada', '', '[blocked]']);
    expect(Object.fromEntries(counts)).toEqual({ secret: secrets.length, blocked: 1 });
    // Without the secret preset, a password field is a field like any other.
    expect(redactSession(parseSession({ id: 'u-1:s-1', events: secrets }), parsePrivacyRules('presets: [email]\n')).session.events.map((event) => event.value)).toEqual(secrets.map((event) => event.value));
  });

  it('replaces a phone number written as plain digits under a phone\'s name, and leaves other values of such names and other digits alone', () => {
    const rules = parsePrivacyRules('presets: [phone]\n');
    const session = parseSession({
      id: 'u-1:s-1',
      user: { uid: 'u-1', properties: { phone: '4155550100', phone_verified_at: 1764000000000, order: '4155550100' } },
      events: [
        {
          type: 'custom',
          name: 'Contact saved',
          timestamp: '2026-11-01T10:00:00Z',
          properties: { mobile_number: 7700900123, phones: ['4155550100', '+44 20 7946 0958'], device_phone: 'Pixel 7', tel: '555 0100' },
        },
      ],
    });
    const { session: redacted, counts } = redactSession(session, rules);
    expect(redacted.user?.properties).toEqual({ phone: '[phone]', phone_verified_at: 1764000000000, order: '4155550100' });
    expect(redacted.events[0]?.properties).toEqual({ mobile_number: '[phone]', phones: ['[phone]', '[phone]'], device_phone: 'Pixel 7', tel: '[phone]' });
    expect(Object.fromEntries(counts)).toEqual({ phone: 5 });
  });

  it('replaces a card recorded as a number, a personal name of a field, and a whole value under a secret name', () => {
    const rules = parsePrivacyRules('presets: [email, card, secret]\n');
    const session = parseSession({
      id: 'u-1:s-1',
      user: { uid: 'u-1', properties: { card: 4111111111111111, seats: 12, 'ada@example.com': 'owner' } },
      events: [
        { type: 'input-change', timestamp: '2026-11-01T10:00:00Z', target: { selector: 'input#cc' }, value: 4111111111111111 },
        {
          type: 'custom',
          name: 'Shared',
          timestamp: '2026-11-01T10:00:01Z',
          properties: { recipients: { 'zoe@example.com': 'read', 'bob@example.com': 'write' }, password: { old: 'abc', new: 'def' }, tokens: ['tok1', 'tok2'], order: 4111111111111112, password_reset_requested: true },
        },
      ],
    });
    const { session: redacted, counts } = redactSession(session, rules);
    expect(redacted.user?.properties).toEqual({ card: '[card]', seats: 12, '[email]': 'owner' });
    expect(redacted.events[0]?.value).toBe('[card]');
    // A number that fails the Luhn check (an order number) stays a number; a flag under a secret's name says no secret.
    expect(redacted.events[1]?.properties).toEqual({ recipients: { '[email]': 'read', '[email] #2': 'write' }, password: '[secret]', tokens: '[secret]', order: 4111111111111112, password_reset_requested: true });
    expect(Object.fromEntries(counts)).toEqual({ card: 2, email: 3, secret: 2 });
  });
});

describe('redactSession and mask_properties inside lists', () => {
  it('reads a list as no step of a path, or as one step per index (items.0, items[0], items.*, items[*])', () => {
    const session = parseSession({
      id: 'u-1:s-1',
      events: [
        {
          type: 'custom',
          name: 'Order',
          timestamp: '2026-11-01T10:00:00Z',
          properties: { items: [{ name: 'Tent', sku: 'T-1' }, { name: 'Stove', sku: 'S-2' }], tags: ['gift', 'urgent'], lines: [{ note: 'ring me' }] },
        },
      ],
    });
    const masked = (globs: string[]) => redactSession(session, parsePrivacyRules(`mask_properties: ${JSON.stringify(globs)}\n`)).session.events[0]?.properties;
    const names = (properties: unknown) => (properties as { items: { name: string }[] }).items.map((item) => item.name);
    expect(names(masked(['properties.items.name']))).toEqual(['[masked]', '[masked]']);
    expect(names(masked(['properties.items.*.name']))).toEqual(['[masked]', '[masked]']);
    expect(names(masked(['properties.items[*].name']))).toEqual(['[masked]', '[masked]']);
    expect(names(masked(['properties.items.0.name']))).toEqual(['[masked]', 'Stove']);
    expect(names(masked(['properties.items[1].name']))).toEqual(['Tent', '[masked]']);
    expect(masked(['properties.tags.1', 'properties.lines[0]'])).toMatchObject({ tags: ['gift', '[masked]'], lines: ['[masked]'] });
  });

  it('matches a glob in any case, as a client may spell a key', () => {
    const session = parseSession({
      id: 'u-1:s-1',
      user: { uid: 'u-1', properties: { Phone: '555-0100' } },
      events: [{ type: 'custom', name: 'Login', timestamp: '2026-11-01T10:00:00Z', properties: { Auth: { Token: 'tk-1', TOKEN: 'tk-2', tokens: 'kept' } } }],
    });
    const { session: redacted } = redactSession(session, parsePrivacyRules('mask_properties: ["**.token", "user.properties.phone"]\n'));
    expect(redacted.events[0]?.properties).toEqual({ Auth: { Token: '[masked]', TOKEN: '[masked]', tokens: 'kept' } });
    expect(redacted.user?.properties).toEqual({ Phone: '[masked]' });
  });
});

describe('redactSession and URLs outside URL fields', () => {
  it('strips the listed parameters from URLs in messages, texts and any property, counting each', () => {
    const rules = parsePrivacyRules('strip_url_params: [token]\n');
    const session = parseSession({
      id: 'u-1:s-1',
      user: { uid: 'u-1', properties: { signup_link: 'https://app.test/join?token=j1' } },
      events: [
        { type: 'console-error', timestamp: '2026-11-01T10:00:00Z', message: 'GET https://api.example/x?token=abc123 failed: 401' },
        { type: 'click', timestamp: '2026-11-01T10:00:01Z', target: { selector: 'a', text: 'Open https://app.test/?token=c1&tab=2' } },
        { type: 'custom', name: 'Landed', timestamp: '2026-11-01T10:00:02Z', properties: { landing_url: 'https://shop.test/?token=l1&utm=mail', link: 'https://shop.test/a?token=l2', redirects: ['https://shop.test/b?token=l3'] } },
      ],
    });
    const { session: redacted, counts } = redactSession(session, rules);
    const serialized = JSON.stringify(redacted);
    for (const value of ['j1', 'abc123', 'c1', 'l1', 'l2', 'l3']) expect(serialized).not.toContain(`token=${value}`);
    expect(redacted.user?.properties).toEqual({ signup_link: 'https://app.test/join' });
    expect(redacted.events.map((event) => event.message ?? event.target?.text ?? event.properties)).toEqual([
      'GET https://api.example/x failed: 401',
      'Open https://app.test/?tab=2',
      { landing_url: 'https://shop.test/?utm=mail', link: 'https://shop.test/a', redirects: ['https://shop.test/b'] },
    ]);
    expect(Object.fromEntries(counts)).toEqual({ url_param: 6 });    // By its name in any case.
    const cased = redactSession(parseSession({ id: 'u-1:s-1', events: [{ type: 'navigate', timestamp: '2026-11-01T10:00:00Z', url: 'https://app.test/?UID=cus_55RRT9A&Tab=2' }] }), parsePrivacyRules('strip_url_params: [uid, TAB]\n'));
    expect(cased.session.events[0]?.url).toBe('https://app.test/');
  });
});
