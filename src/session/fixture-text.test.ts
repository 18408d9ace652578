import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFixtureText, type FixtureText } from './fixture-text.js';
import { parseFixture } from './parse-session.js';

const event = (minute: number, extra: Record<string, unknown> = {}) => ({ type: 'click', timestamp: `2026-03-01T10:${String(minute).padStart(2, '0')}:00Z`, ...extra });

const BASE = {
  id: 'u-1:s-1',
  created_time: '2026-03-01T10:00:00Z',
  user: { uid: 'alice', properties: { plan: 'pro' } },
  events: [
    event(0, { target: { selector: 'button#a', text: 'Apply "now" ]}' } }),
    { type: 'navigate', timestamp: '2026-03-01T10:01:00Z', url: '/cart?q=[1,2]', title: 'Caf\u00e9 \u2014 cart \\ back' },
    event(2),
    { type: 'custom', name: 'Coupon Applied', timestamp: '2026-03-01T10:03:00Z', properties: { code: 'X{1}', nested: { list: [1, '2', { a: null }] } } },
    event(4, { value: 'say \\"hi\\"' }),
    event(5),
  ],
  device: { type: 'desktop' },
};

/** The answer a full parse gives, in the shape parseFixtureText answers. */
function full(text: string) {
  const result = parseFixture(text);
  return result.success ? { success: true, session: result.session, fileOrder: result.fileOrder } : { success: false, message: result.error.message };
}

function incremental(text: string, previous: FixtureText) {
  const result = parseFixtureText(text, previous);
  return result.success
    ? { success: true, session: result.fixture.session, fileOrder: result.fixture.fileOrder }
    : { success: false, message: result.error.message };
}

function start(text: string): FixtureText {
  const result = parseFixtureText(text);
  if (!result.success) throw new Error(result.error.message);
  return result.fixture;
}

const SNIPPETS = [
  '',
  ' ',
  '\n  ',
  '"',
  '\\',
  '\\"',
  ',',
  '}',
  ']',
  '{',
  '[',
  '0',
  '.5',
  'x',
  '"events":[]',
  '"id":"u-2:s-9"',
  '{"type":"click","timestamp":"2026-03-01T09:30:00Z"}',
  ',{"type":"custom","name":"Late","timestamp":"2026-03-01T11:00:00Z"}',
  '{"type":"scroll","timestamp":"2026-03-01T10:02:30Z"},',
  '"title":"new ]} \\" text"',
  '\u2014',
  '"evil"',
];

/** An edit: replace `length` characters at a fraction of the text with a snippet. */
const edit = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.nat(40), snippet: fc.constantFrom(...SNIPPETS) });

describe('parseFixtureText', () => {
  it('answers exactly as a full parse after any chain of edits, valid or not', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(edit, { minLength: 1, maxLength: 6 }), (pretty, edits) => {
        let text = JSON.stringify(BASE, null, pretty ? 2 : undefined);
        let previous = start(text);
        for (const { at, length, snippet } of edits) {
          const position = Math.floor(at * text.length);
          text = text.slice(0, position) + snippet + text.slice(position + length);
          const expected = full(text);
          expect(incremental(text, previous)).toEqual(expected);
          const next = parseFixtureText(text, previous);
          if (next.success) previous = next.fixture;
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('answers exactly as a full parse along chains of valid edits (each written back in the same layout)', () => {
    type Fixture = typeof BASE & { events: Record<string, unknown>[] };
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '"', '\\', ']', '}', ',', '\u00e9', '\u2014', '\n'), maxLength: 12 });
    const change = fc.oneof(
      fc.record({ kind: fc.constant('value' as const), index: fc.nat(), value: text }),
      fc.record({ kind: fc.constant('time' as const), index: fc.nat(), minute: fc.nat(59) }),
      fc.record({ kind: fc.constant('insert' as const), index: fc.nat(), minute: fc.nat(59), value: text }),
      fc.record({ kind: fc.constant('delete' as const), index: fc.nat() }),
      fc.record({ kind: fc.constant('header' as const), value: text }),
    );
    fc.assert(
      fc.property(fc.boolean(), fc.array(change, { minLength: 1, maxLength: 10 }), (pretty, changes) => {
        const fixture = structuredClone(BASE) as Fixture;
        const write = () => JSON.stringify(fixture, null, pretty ? 2 : undefined);
        let previous = start(write());
        for (const step of changes) {
          const index = 'index' in step ? step.index % Math.max(1, fixture.events.length) : 0;
          if (step.kind === 'value' && fixture.events[index] !== undefined) fixture.events[index] = { ...fixture.events[index], text: step.value };
          if (step.kind === 'time' && fixture.events[index] !== undefined) fixture.events[index] = { ...fixture.events[index], timestamp: event(step.minute).timestamp };
          if (step.kind === 'insert') fixture.events.splice(index, 0, event(step.minute, { target: { text: step.value } }));
          if (step.kind === 'delete') fixture.events.splice(index, 1);
          if (step.kind === 'header') fixture.user = { ...fixture.user, uid: `u ${step.value}` };
          const changed = write();
          expect(incremental(changed, previous)).toEqual(full(changed));
          const next = parseFixtureText(changed, previous);
          if (!next.success) throw new Error(next.error.message);
          if (step.kind === 'value' || step.kind === 'time' || step.kind === 'header') {
            // Parsed by difference: every event the change did not touch is the same object as before.
            const touched = step.kind === 'header' || changed === previous.text ? undefined : index;
            const untouched = next.fixture.fileOrder.filter((item, at) => at !== touched && item === previous.fileOrder[at]);
            expect(untouched).toHaveLength(previous.fileOrder.length - (touched === undefined ? 0 : 1));
          }
          previous = next.fixture;
        }
      }),
      { numRuns: 800 },
    );
  });

  it('answers exactly as a full parse for edits that keep the file valid: values, events added, removed, moved', () => {
    const variants: ((text: string) => string)[] = [
      (text) => text.replace('"Coupon Applied"', '"Coupon Removed"'),
      (text) => text.replace('10:02:00Z', '09:02:00Z'),
      (text) => text.replace('"u-1:s-1"', '"u-1:s-2"'),
      (text) => text.replace('"desktop"', '"mobile"'),
      (text) => text.replace(/,\s*\{\s*"type": ?"click",\s*"timestamp": ?"2026-03-01T10:02:00Z"\s*\}/, ''),
      (text) => text.replace(/\]\s*,\s*"device"/, ',{"type":"custom","name":"End","timestamp":"2026-03-01T12:00:00Z"}],"device"'),
      (text) => text.replace(/"events": ?\[/, (opening) => `${opening}{"type":"click","timestamp":"2026-03-01T08:00:00Z"},`),
      (text) => text.replace('"plan": "pro"', '"plan": "team"').replace('"plan":"pro"', '"plan":"team"'),
    ];
    for (const pretty of [false, true]) {
      let text = JSON.stringify(BASE, null, pretty ? 2 : undefined);
      let previous = start(text);
      for (const change of [...variants, ...variants]) {
        const changed = change(text);
        expect(incremental(changed, previous), changed).toEqual(full(changed));
        const next = parseFixtureText(changed, previous);
        if (next.success) [text, previous] = [changed, next.fixture];
      }
    }
  });

  it('reuses the events a change did not touch, and parses nothing for the same text', () => {
    const text = JSON.stringify(BASE);
    const previous = start(text);
    expect(parseFixtureText(text, previous)).toEqual({ success: true, fixture: previous });
    const changed = parseFixtureText(text.replace('"Coupon Applied"', '"Coupon Kept"'), previous);
    if (!changed.success) throw new Error('expected a valid fixture');
    const events = changed.fixture.session.events;
    expect(events.find((item) => item.type === 'custom')?.name).toBe('Coupon Kept');
    // Every other event is the very same object; the header change below keeps all of them.
    expect(events.filter((item) => item.type !== 'custom').every((item) => previous.session.events.includes(item))).toBe(true);
    const renamed = parseFixtureText(changed.fixture.text.replace('"u-1:s-1"', '"u-1:s-7"'), changed.fixture);
    expect(renamed.success && renamed.fixture.session.id).toBe('u-1:s-7');
    expect(renamed.success && renamed.fixture.session.events).toBe(events);
  });

  it('parses a file replaced by another one whole, without scanning the old text for its events', () => {
    const previous = start(JSON.stringify(BASE));
    const other = JSON.stringify({ ...BASE, id: 'u-9:s-9', events: BASE.events.map((item, index) => ({ ...item, timestamp: `2026-04-02T08:0${index}:00Z` })) });
    expect(incremental(other, previous)).toEqual(full(other));
    expect(previous.layout).toBeUndefined();
    // A small edit of the same file is parsed by difference, which needs the layout.
    expect(incremental(previous.text.replace('"u-1:s-1"', '"u-1:s-2"'), previous)).toEqual(full(previous.text.replace('"u-1:s-1"', '"u-1:s-2"')));
    expect(previous.layout).toBeTruthy();
  });

  it('leaves a second events key, or one written with escapes, to a full parse', () => {
    const text = JSON.stringify(BASE);
    const previous = start(text);
    const twice = text.replace('"device":', '"events":[],"device":');
    expect(incremental(twice, previous)).toEqual(full(twice));
    expect(full(twice)).toMatchObject({ success: true, session: { events: [] } });
    const escaped = text.replace('"events"', '"ev\\u0065nts"');
    const fromEscaped = start(escaped);
    const edited = escaped.replace('"Coupon Applied"', '"Coupon X"');
    expect(incremental(edited, fromEscaped)).toEqual(full(edited));
  });
});
