import { describe, expect, it } from 'vitest';
import { parsePrivacyRules } from '../privacy/privacy-rules.js';
import { parseSession } from '../session/parse-session.js';
import type { FixtureEvent } from '../session/session-schema.js';
import { importRrwebStream } from './import-rrweb-recording.js';
import { PRIVATE_VISIT_RULES, PRIVATE_VISIT_SECRETS, privateVisitRecording } from './test-recordings/import-private-visit.js';
import { el, keyed, RecordingBuilder } from './test-support/recording-builder.js';

async function* once(text: string): AsyncGenerator<string> {
  yield text;
}

const importWith = (recording: RecordingBuilder, rules?: string) =>
  importRrwebStream(once(JSON.stringify(recording.events)), { source: 'visit.json', privacy: rules === undefined ? undefined : parsePrivacyRules(rules) });

/** `type selector: text/value` of each event with a target, to read a fixture at a glance. */
const shown = (events: readonly FixtureEvent[]) =>
  events.filter((event) => event.target !== undefined).map((event) => `${event.type} ${event.target?.selector}: ${event.text ?? event.value ?? event.target?.text ?? ''}`);

describe('importing with privacy rules', () => {
  it('blanks the events on elements that block selectors match only in the mirrored page', async () => {
    const { fixture, privacy } = await importWith(privateVisitRecording(), PRIVATE_VISIT_RULES);
    expect(shown(fixture.events)).toEqual([
      'click input#card: [blocked]',
      'input-change input#card: [blocked]',
      'click button#reveal: [blocked]',
      'highlight button#reveal: [blocked]',
      'copy button#reveal: [blocked]',
      'click button#statement: Download statement',
      'click input#contact: ',
      'input-change input#contact: [email]',
      'click button#save: Save',
    ]);
    expect(fixture.events.find((event) => event.type === 'copy')?.target).toEqual({ selector: 'button#reveal', text: '[blocked]' });
    const written = JSON.stringify(fixture);
    for (const secret of Object.values(PRIVATE_VISIT_SECRETS)) expect(written).not.toContain(secret);
    expect(privacy).toEqual(new Map([['email', 1], ['blocked', 5]]));
    expect(() => parseSession(fixture)).not.toThrow();
  });

  it('keeps every event, its type, time and selector, and changes only the events the rules match', async () => {
    const plain = await importWith(privateVisitRecording());
    const guarded = await importWith(privateVisitRecording(), PRIVATE_VISIT_RULES);
    const place = (events: readonly FixtureEvent[]) => events.map((event) => `${event.type} ${event.timestamp} ${event.target?.selector}`);
    expect(place(guarded.fixture.events)).toEqual(place(plain.fixture.events));
    const changed = guarded.fixture.events.filter((event, index) => JSON.stringify(event) !== JSON.stringify(plain.fixture.events[index]));
    // The five blocked events, the typed email, and the click whose text held a blocked element's.
    expect(changed).toHaveLength(7);
    // Without rules the visit shows what the rules take out.
    for (const secret of Object.values(PRIVATE_VISIT_SECRETS)) expect(JSON.stringify(plain.fixture)).toContain(secret);
    expect(plain.privacy).toBeUndefined();
  });

  it('counts an event once when its recorded selector path is blocked too', async () => {
    const { privacy } = await importWith(privateVisitRecording(), 'block_selectors: ["button#reveal", ".secret-zone *"]\n');
    expect(privacy).toEqual(new Map([['blocked', 3]]));
  });

  it('leaves the text of a blocked element out of a highlight around it', async () => {
    const recording = new RecordingBuilder().page(0, {
      href: 'https://mail.example/',
      body: [el('p', { id: 'intro' }, 'Dear ', el('span', { class: 'secret-zone' }, el('b', {}, 'Ada Lovelace')), keyed('tail', el('i', {}, ', welcome back')))],
    });
    recording.select(1_000, 'intro', 0, 'tail', 9).scroll(5_000);
    const { fixture, privacy } = await importWith(recording, 'block_selectors: [".secret-zone *"]\n');
    expect(fixture.events.find((event) => event.type === 'highlight')).toMatchObject({ text: 'Dear , welcome', target: { selector: 'p#intro' } });
    expect(privacy).toEqual(new Map());
  });

  it('replaces what is typed into a field the mirrored element says is an email, a card or a secret, though its selector path does not', async () => {
    const recording = new RecordingBuilder().page(0, {
      href: 'https://shop.example/checkout',
      body: [
        el('form', { class: 'checkout' },
          keyed('mail', el('input', { type: 'email', class: 'form-control' })),
          keyed('card', el('input', { autocomplete: 'cc-number', class: 'form-control' })),
          keyed('code', el('input', { autocomplete: 'one-time-code', class: 'form-control' })),
          keyed('note', el('input', { type: 'text', class: 'form-control' })),
        ),
      ],
    });
    // Half an address, a card number with a digit wrong (it fails the Luhn check), a one-time code.
    recording.input(1_000, 'mail', 'ada@exa').input(5_000, 'card', '4111 1111 1111 1112').input(9_000, 'code', '492817').input(13_000, 'note', 'leave at the door').scroll(17_000);
    const plain = await importWith(recording);
    expect(plain.fixture.events.filter((event) => event.type === 'input-change').map((event) => event.value)).toEqual(['ada@exa', '4111 1111 1111 1112', '492817', 'leave at the door']);
    // The selector paths name the fields by their classes: nothing in them says what each is for.
    expect(plain.fixture.events.filter((event) => event.type === 'input-change').map((event) => event.target?.selector)).not.toContainEqual(expect.stringMatching(/email|cc-number|one-time/));
    const { fixture, privacy } = await importWith(recording, 'presets: [email, card, secret]\n');
    expect(fixture.events.filter((event) => event.type === 'input-change').map((event) => event.value)).toEqual(['[email]', '[card]', '[secret]', 'leave at the door']);
    expect(privacy).toEqual(new Map([['email', 1], ['card', 1], ['secret', 1]]));
    expect(() => parseSession(fixture)).not.toThrow();
  });

  it('replaces what a blocked field or a field for a secret took, where the rest of the recording repeats it', async () => {
    const recording = new RecordingBuilder().page(0, {
      href: 'https://quote.example/about-you',
      body: [
        el('form', { class: 'quote' },
          keyed('dob', el('input', { type: 'text', class: 'private form-control' })),
          keyed('code', el('input', { autocomplete: 'one-time-code', class: 'form-control' })),
        ),
      ],
    });
    recording.input(1_000, 'dob', '14/7/1988').input(5_000, 'code', '492817').consoleError(9_000, 'Validation failed: dateOfBirth "14/7/1988"; code 492817 expired').scroll(13_000);
    const { fixture, privacy } = await importWith(recording, 'presets: [secret]\nblock_selectors: [".private"]\n');
    expect(fixture.events.find((event) => event.type === 'console-error')?.message).toBe('Validation failed: dateOfBirth "[blocked]"; code [secret] expired');
    expect(JSON.stringify(fixture)).not.toMatch(/14\/7\/1988|492817/);
    expect(privacy).toEqual(new Map([['blocked', 2], ['secret', 2]]));
  });

  it('protects what a blocked field took whole, though the event keeps it cut at 200 characters', async () => {
    const recording = new RecordingBuilder().page(0, {
      href: 'https://clinic.example/triage',
      body: [el('form', {}, keyed('notes', el('textarea', { class: 'private' })))],
    });
    const note = `Patient reports ${'recurring chest pain after exercise, '.repeat(7)}since March`;
    recording.input(1_000, 'notes', note).consoleError(9_000, `triage: ${note}`).scroll(13_000);
    const { fixture } = await importWith(recording, 'block_selectors: [".private"]\n');
    expect(note.length).toBeGreaterThan(200);
    expect(fixture.events.find((event) => event.type === 'console-error')?.message).toBe('triage: [blocked]');
  });

  it('replaces what a field for a phone or an email took, which the presets would not find as it is, where the rest of the recording repeats it', async () => {
    const recording = new RecordingBuilder().page(0, {
      href: 'https://shop.example/account',
      body: [
        el('form', { class: 'account' },
          keyed('tel', el('input', { type: 'tel', class: 'form-control' })),
          keyed('mail', el('input', { type: 'email', class: 'form-control' })),
        ),
      ],
    });
    // Plain digits and half an address: in a console message, neither preset finds them.
    recording.input(1_000, 'tel', '4155550100').input(5_000, 'mail', 'ada@exa').consoleError(9_000, 'lookup 4155550100 failed; ada@exa is not an address').scroll(13_000);
    const plain = await importWith(recording, 'presets: [email, phone]\n');
    expect(plain.fixture.events.find((event) => event.type === 'console-error')?.message).toBe('lookup [phone] failed; [email] is not an address');
    expect(JSON.stringify(plain.fixture)).not.toMatch(/4155550100|ada@exa/);
    expect(plain.privacy).toEqual(new Map([['phone', 2], ['email', 2]]));
  });
});
