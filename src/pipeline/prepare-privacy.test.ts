import { describe, expect, it } from 'vitest';
import { parsePrivacyRules } from '../privacy/privacy-rules.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { prepare } from './prepare.js';

const session = parseSession({
  id: 'u-1:s-1',
  user: { uid: 'u-1', email: 'ada@example.com' },
  events: [
    { type: 'click', timestamp: '2026-11-01T10:00:00Z', target: { selector: 'button', text: 'Mail ada@example.com' } },
    { type: 'console-error', timestamp: '2026-11-01T10:00:01Z', message: 'order ORD-123456 failed' },
  ],
});
const profile = parseProfile('context:\n  include: [user]\n');
const emails = parsePrivacyRules('presets: [email]\n');
const orders = parsePrivacyRules('patterns:\n  order: "ORD-[0-9]{6}"\n');

describe('prepare with privacy rules', () => {
  it('renders the redacted session: prompt, context and kept events', () => {
    const prepared = prepare(profile, session, { privacy: emails });
    expect(prepared.prompt).not.toContain('ada@example.com');
    expect(prepared.prompt).toContain('Mail [email]');
    expect(prepared.context.included.user?.email).toBe('[email]');
    expect(prepared.events.kept[0]?.event.target?.text).toBe('Mail [email]');
    expect(prepared.privacy).toEqual({ email: 2 });
  });

  it('escapes a surrogate that is not half of a pair in every text, with rules and without, so the prompt is well-formed Unicode', () => {
    const broken = parseSession({
      id: 'u-1:s-2',
      events: [
        { type: 'click', timestamp: '2026-11-01T10:00:00Z', target: { selector: 'b', text: 'Pay \ud83d' } },
        { type: 'click', timestamp: '2026-11-01T10:00:01Z', target: { selector: 'b', text: 'Pay 😀 now' } },
        { type: 'console-error', timestamp: '2026-11-01T10:00:02Z', message: 'mail ada@example.com\ud800 4111 1111 1111 1111\udc00' },
      ],
    });
    const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    for (const privacy of [undefined, emails, parsePrivacyRules('presets: [email, card]\n')]) {
      const { prompt } = prepare(profile, broken, { privacy });
      expect(lone.test(prompt)).toBe(false);
      expect(prompt).toContain('target_text="Pay \\ud83d"');
      expect(prompt).toContain('target_text="Pay 😀 now"');
      expect(prompt).toMatch(/message="mail (ada@example\.com|\[email\])\\ud800 /);
    }
  });

  it('builds on a previous preparation only under the same rules', () => {
    const first = prepare(profile, session, { privacy: emails });
    const same = prepare(profile, session, { privacy: emails, previous: { profile, session, prepared: first } });
    expect(same.events).toBe(first.events);
    const other = prepare(profile, session, { privacy: orders, previous: { profile, session, prepared: first } });
    expect(other.prompt).toContain('ada@example.com');
    expect(other.prompt).toContain('order [order] failed');
    expect(other.privacy).toEqual({ order: 1 });
  });

  it('leaves the session and the result as they were without rules', () => {
    const prepared = prepare(profile, session);
    expect(prepared.prompt).toContain('ada@example.com');
    expect('privacy' in prepared).toBe(false);
  });

  it('applies a text\'s verdict wherever the render repeats it, also after an event it was not judged in', () => {
    // Each text is judged once per render; the texts of an event already suspected are copied
    // unjudged (the event is written again from its redacted copy), so the second event's email
    // is judged there, and the third event reuses that verdict.
    const at = (second: number) => `2026-11-01T10:00:0${second}Z`;
    const repeated = parseSession({
      id: 'u-1:s-2',
      events: [
        { type: 'custom', timestamp: at(0), name: 'Contact', properties: { first: 'bob@example.com', second: 'ada@example.com', note: 'plain words' } },
        { type: 'custom', timestamp: at(1), name: 'Contact', properties: { second: 'ada@example.com', note: 'plain words' } },
        { type: 'custom', timestamp: at(2), name: 'Contact', properties: { second: 'ada@example.com', note: 'plain words' } },
        { type: 'custom', timestamp: at(3), name: 'Contact', properties: { note: 'plain words' } },
      ],
    });
    const prepared = prepare(parseProfile('{}'), repeated, { privacy: emails });
    expect(prepared.prompt).not.toContain('@example.com');
    expect(prepared.events.kept.map(({ event }) => event.properties?.second)).toEqual(['[email]', '[email]', '[email]', undefined]);
    expect(prepared.events.kept.map(({ event }) => event.properties?.note)).toEqual(['plain words', 'plain words', 'plain words', 'plain words']);
    expect(prepared.privacy).toEqual({ email: 4 });
  });

  it("redacts what a URL escaped inside another holds, as a login's redirect target carries it", () => {
    // `next=` holds the page asked for with its query escaped again: a phone number, a card and a
    // token two escapes deep, in a navigation, a failed request and a console message.
    const next = (query: string) => `https://shop.example/login?next=${encodeURIComponent(`/verify?${query}`)}`;
    const phone = next(`phone=${encodeURIComponent('+44 20 7946 0958')}`);
    const card = next(`card=${encodeURIComponent('4111 1111 1111 1111')}`);
    const token = next(`auth=${encodeURIComponent('Bearer abcdef123456789')}`);
    const redirected = parseSession({
      id: 'u-1:s-3',
      events: [
        { type: 'navigate', timestamp: '2026-11-01T10:00:00Z', url: phone },
        { type: 'network-error', timestamp: '2026-11-01T10:00:01Z', url: card, method: 'GET', status: 500 },
        { type: 'console-error', timestamp: '2026-11-01T10:00:02Z', message: `redirect to ${token} failed` },
      ],
    });
    const prepared = prepare(parseProfile('{}'), redirected, { privacy: parsePrivacyRules('presets: [card, phone, secret]\n') });
    for (const hidden of ['7946', '1111', 'abcdef123456789']) expect(prepared.prompt).not.toContain(hidden);
    expect(prepared.prompt).toContain('phone%3D[phone]');
    expect(prepared.privacy).toEqual({ phone: 1, card: 1, secret: 1 });
  });

  it('redacts an address whose @ is an HTML character reference, in markup a console message holds', () => {
    const markup = parseSession({
      id: 'u-1:s-4',
      events: [
        { type: 'console-error', timestamp: '2026-11-01T10:00:00Z', message: 'Template failed: <a href="mailto:ada&#64;example.com">ada&#x40;example.com</a> &amp; more' },
        { type: 'custom', timestamp: '2026-11-01T10:00:01Z', name: 'Contact', properties: { html: 'bob&commat;example.org' } },
      ],
    });
    const prepared = prepare(parseProfile('{}'), markup, { privacy: emails });
    expect(prepared.prompt).not.toContain('example.');
    expect(prepared.prompt).toContain('mailto:[email]');
    expect(prepared.prompt).toContain('&amp; more');
    expect(prepared.privacy).toEqual({ email: 3 });
  });

  it('redacts what a JSON object written in base64 holds, as an OAuth state carries it', () => {
    const state = Buffer.from(JSON.stringify({ email: 'ada@example.com', next: '/settings' })).toString('base64url');
    const oauth = parseSession({
      id: 'u-1:s-5',
      events: [
        { type: 'navigate', timestamp: '2026-11-01T10:00:00Z', url: `https://app.example/auth/callback?state=${state}&code=1` },
        { type: 'console-error', timestamp: '2026-11-01T10:00:01Z', message: `callback failed for state ${state}` },
      ],
    });
    const prepared = prepare(parseProfile('{}'), oauth, { privacy: emails });
    expect(prepared.prompt).not.toContain(state.slice(0, 12));
    expect(prepared.prompt).toContain('state=[email]&code=1');
    expect(prepared.privacy).toEqual({ email: 2 });
  });

  it('redacts what printable text written in base64 holds, as the unsubscribe link of a mail or a data URL carries it', () => {
    const email = Buffer.from('ada@example.com').toString('base64');
    const body = Buffer.from('call me on +44 20 7946 0958').toString('base64');
    const linked = parseSession({
      id: 'u-1:s-8',
      events: [
        { type: 'navigate', timestamp: '2026-11-01T10:00:00Z', url: `https://shop.example/unsubscribe?e=${email}&list=7` },
        { type: 'console-error', timestamp: '2026-11-01T10:00:01Z', message: `export failed: data:text/plain;base64,${body}` },
        { type: 'custom', timestamp: '2026-11-01T10:00:02Z', name: 'Unsubscribed', properties: { token: 'c3ByaW5nIG5ld3NsZXR0ZXI=', list: email } },
      ],
    });
    const prepared = prepare(parseProfile('{}'), linked, { privacy: parsePrivacyRules('presets: [email, phone]\n') });
    for (const hidden of [email, body.slice(0, 12), 'example.com', '7946']) expect(prepared.prompt).not.toContain(hidden);
    expect(prepared.prompt).toContain('unsubscribe?e=[email]&list=7');
    expect(prepared.prompt).toContain('base64,[phone]');
    // Base64 of text in which no preset finds anything stays (`spring newsletter`).
    expect(prepared.prompt).toContain('c3ByaW5nIG5ld3NsZXR0ZXI=');
    expect(prepared.privacy).toEqual({ email: 2, phone: 1 });
  });

  it('redacts what characters written by their codes, or split by invisible ones, hide: JSON escapes, HTML references, zero-width spaces', () => {
    const logged = JSON.stringify({ user: JSON.stringify({ email: 'jos\u00e9@example.com', contact: 'ada@example.com' }) }).replace('ada@', 'ada\\\\u0040').replace('\u00e9', '\\\\u00e9');
    expect(logged).toContain('jos\\\\u00e9@');
    const encoded = parseSession({
      id: 'u-1:s-6',
      user: { uid: 'u-1', properties: { contact: 'ada\u200b@example.com' } },
      events: [
        { type: 'console-error', timestamp: '2026-11-01T10:00:00Z', message: `sync ${logged}` },
        { type: 'click', timestamp: '2026-11-01T10:00:01Z', target: { selector: 'td.phone', text: '+44&nbsp;20&nbsp;7946&nbsp;0958' } },
        { type: 'custom', timestamp: '2026-11-01T10:00:02Z', name: 'Paid', properties: { note: 'card 4111&#32;1111&#32;1111&#32;1111 ok', raw: '{"tel":"\\u002b44 20 7946 0959"}' } },
        { type: 'navigate', timestamp: '2026-11-01T10:00:03Z', url: 'https://shop.example/orders', title: 'Orders of bob\u00ad@example.org' },
      ],
    });
    const prepared = prepare(parseProfile('context:\n  include: [user]\n'), encoded, { privacy: parsePrivacyRules('presets: [email, card, phone]\n') });
    for (const hidden of ['jos', 'u0040', '7946', '1111', 'example.']) expect(prepared.prompt).not.toContain(hidden);
    expect(prepared.prompt).toContain('target_text="[phone]"');
    expect(prepared.privacy).toEqual({ email: 4, phone: 2, card: 1 });
  });

  it('redacts what escapes outside any URL hide: a value a log prints escaped, a JSON object escaped as a query value', () => {
    const escaped = parseSession({
      id: 'u-1:s-7',
      events: [
        { type: 'console-error', timestamp: '2026-11-01T10:00:00Z', message: 'lookup to=%2B44%2020%207946%200958 failed' },
        { type: 'custom', timestamp: '2026-11-01T10:00:01Z', name: 'Saved', properties: { prefs: `q=${encodeURIComponent(JSON.stringify({ email: 'ada@example.com', card: '4111 1111 1111 1111' }))}` } },
        { type: 'network-error', timestamp: '2026-11-01T10:00:02Z', url: 'https://api.example/x', status: 500, message: 'data:text/plain,call%20%2B44%2020%207946%200959' },
      ],
    });
    const prepared = prepare(parseProfile('{}'), escaped, { privacy: parsePrivacyRules('presets: [email, card, phone]\n') });
    for (const hidden of ['7946', '1111', 'example.com']) expect(prepared.prompt).not.toContain(hidden);
    expect(prepared.prompt).toContain('lookup to=[phone] failed');
    expect(prepared.privacy).toEqual({ phone: 2, email: 1, card: 1 });
  });

  it('redacts phone numbers with a country code in brackets or an area code apart by another separator, and leaves near-misses', () => {
    const phones = parseSession({
      id: 'u-1:s-8',
      user: { uid: 'u-1', properties: { office: '(+971) 50 123 4567' } },
      events: [
        { type: 'click', timestamp: '2026-11-01T10:00:00Z', target: { selector: 'a.contact', text: 'Call (+44) 20 7946 0958' } },
        { type: 'console-error', timestamp: '2026-11-01T10:00:01Z', message: 'sms to 415 555-0100 and 8 (495) 123-45-67 failed; room 101 555-0100, score (+12) 345' },
        { type: 'custom', timestamp: '2026-11-01T10:00:02Z', name: 'Lead', properties: { note: 'mobile 098765 43210, office +49 30/901820', fax: '020-7946 0959' } },
      ],
    });
    const prepared = prepare(parseProfile('context:\n  include: [user]\n'), phones, { privacy: parsePrivacyRules('presets: [phone]\n') });
    for (const hidden of ['7946', '123 4567', '555-0100 and', '123-45-67', '43210', '901820']) expect(prepared.prompt).not.toContain(hidden);
    expect(prepared.prompt).toContain('target_text="Call [phone]"');
    expect(prepared.prompt).toContain('room 101 555-0100, score (+12) 345');
    expect(prepared.privacy).toEqual({ phone: 7 });
  });

  it("redacts vendors' keys, an Authorization header's credentials after another scheme, and addresses in their other forms", () => {
    const keys = parseSession({
      id: 'u-1:s-9',
      events: [
        { type: 'console-error', timestamp: '2026-11-01T10:00:00Z', message: 'grafana push with glc_eyJvIjoiMTIzNDU2IiwibiI6InRlc3QiLCJrIjoiYWJjZGVmIiwibSI6eyJyIjoidXMifX0= failed' },
        { type: 'network-error', timestamp: '2026-11-01T10:00:01Z', url: 'https://api.example/x', status: 401, message: 'Authorization: SSWS 00AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCd' },
        { type: 'custom', timestamp: '2026-11-01T10:00:02Z', name: 'Config', properties: { env: 'SUPABASE=sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz', dd_app_key: '0123456789abcdef0123456789abcdef01234567', groq: 'gsk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfGhIjKlMnOp' } },
        { type: 'click', timestamp: '2026-11-01T10:00:03Z', target: { selector: 'a.mail', text: 'Mail "ada lovelace"@example.com, o\'connell@example.ie or ada@[192.168.0.1]' } },
      ],
    });
    const prepared = prepare(parseProfile('{}'), keys, { privacy: parsePrivacyRules('presets: [email, secret]\n') });
    for (const hidden of ['glc_', '00AbCd', 'sb_secret', '0123456789abcdef', 'gsk_', 'lovelace', 'connell', '192.168']) expect(prepared.prompt).not.toContain(hidden);
    expect(prepared.prompt).toContain('Authorization: SSWS [secret]');
    expect(prepared.prompt).toContain('target_text="Mail [email], [email] or [email]"');
    expect(prepared.privacy).toEqual({ secret: 5, email: 3 });
  });
});
