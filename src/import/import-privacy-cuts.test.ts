// Privacy rules in an import, where the import cuts long texts, reads a field's label, and where
// a private box holds a frame: what the sixth privacy red team found passing.

import { describe, expect, it } from 'vitest';
import { parsePrivacyRules } from '../privacy/privacy-rules.js';
import { parseSession } from '../session/parse-session.js';
import { importRrwebStream } from './import-rrweb-recording.js';
import { el, keyed, RecordingBuilder, START } from './test-support/recording-builder.js';

async function* once(text: string): AsyncGenerator<string> {
  yield text;
}

const importWith = (recording: RecordingBuilder, rules?: string) =>
  importRrwebStream(once(JSON.stringify(recording.events)), { source: 'visit.json', privacy: rules === undefined ? undefined : parsePrivacyRules(rules) });

const filler = (length: number) => 'x'.repeat(length);

describe('importing with privacy rules: cut texts, labels and frames', () => {
  it('redacts a long text before cutting it, so that no part of an email or a card is left', async () => {
    const recording = new RecordingBuilder().page(0, {
      href: 'https://shop.example/checkout',
      body: [el('form', {}, keyed('note', el('textarea', { class: 'note' })), keyed('box', el('div', { class: 'box' }, `Contact ${filler(60)} ada.lovelace@example.com now`)))],
    });
    // Each value straddles the place its field is cut: 500 characters for a console message,
    // 200 for a value typed, 80 for an element's text.
    recording
      .consoleError(1_000, `Checkout failed for ${filler(465)} ada.lovelace@example.com end`)
      .consoleError(2_000, `Payment card ${filler(475)} 4111111111111111 end`)
      .input(3_000, 'note', `Call me ${filler(170)} at ada.lovelace@example.com please`)
      .click(5_000, 'box')
      .scroll(9_000);
    const plain = await importWith(recording);
    // Without rules the cuts leave a part of each value.
    const plainText = JSON.stringify(plain.fixture);
    expect(plainText.match(/ada\.lov[a-z.@]*…/g)).toHaveLength(3);
    expect(plainText).toMatch(/4111+…/);
    const { fixture, privacy } = await importWith(recording, 'presets: [email, card]\n');
    const written = JSON.stringify(fixture);
    expect(written).not.toMatch(/ada\.lov|41111/);
    expect(fixture.events.filter((event) => event.type === 'console-error').map((event) => event.message?.slice(-12))).toEqual(['x [email] end', 'x [card] end'].map((tail) => tail.slice(-12)));
    expect(fixture.events.find((event) => event.type === 'input-change')?.value).toMatch(/at \[email\] please$/);
    expect(fixture.events.find((event) => event.type === 'dead-click')?.target?.text).toMatch(/^Contact x+ \[email\] now$/);
    expect(privacy).toEqual(new Map([['email', 3], ['card', 1]]));
    expect(() => parseSession(fixture)).not.toThrow();
  });

  it('protects the whole text of a blocked element that was cut, where the recording repeats it', async () => {
    const text = 'Patient Eleanor Whitfield born 14/7/1988 lives at 221B Baker Street London NW1 6XE United Kingdom';
    const recording = new RecordingBuilder().page(0, { href: 'https://clinic.example/chart', body: [keyed('patient', el('div', { class: 'private' }, text))] });
    recording.click(1_000, 'patient').consoleError(1_100, `render failed: ${text}`).scroll(5_000);
    expect(text.length).toBeGreaterThan(80);
    const { fixture } = await importWith(recording, 'block_selectors: [".private"]\n');
    expect(fixture.events.find((event) => event.type === 'console-error')?.message).toBe('render failed: [blocked]');
    expect(JSON.stringify(fixture)).not.toMatch(/Whitfield|Baker/);
  });

  it("reads a field's label as what says what the field is for", async () => {
    const recording = new RecordingBuilder().page(0, {
      href: 'https://bank.example/verify',
      body: [
        el('form', {},
          el('label', {}, 'Verification code ', keyed('code', el('input', { class: 'fc' }))),
          el('label', {}, 'Card number ', keyed('card', el('input', { class: 'fc2' }))),
        ),
      ],
    });
    // A card number with a digit wrong: only its field says it is one.
    recording.input(1_000, 'code', '492817').input(5_000, 'card', '4111 1111 1111 1112').consoleError(9_000, 'code 492817 rejected; card 4111 1111 1111 1112 invalid').scroll(13_000);
    const plain = await importWith(recording, 'presets: [email]\n');
    expect(plain.fixture.events.filter((event) => event.type === 'input-change').map((event) => event.value)).toEqual(['492817', '4111 1111 1111 1112']);
    const { fixture, privacy } = await importWith(recording, 'presets: [card, secret]\n');
    expect(fixture.events.filter((event) => event.type === 'input-change').map((event) => event.value)).toEqual(['[secret]', '[card]']);
    expect(fixture.events.find((event) => event.type === 'console-error')?.message).toBe('code [secret] rejected; card [card] invalid');
    expect(privacy).toEqual(new Map([['secret', 2], ['card', 2]]));
  });

  it('matches a block selector across a frame inside a private box', async () => {
    const recording = new RecordingBuilder().page(0, {
      href: 'https://bank.example/pay',
      body: [el('div', { 'data-private': '' }, keyed('frame', el('iframe', { id: 'payframe' })))],
    });
    // The frame's document arrives as rrweb records it: a document node added under the iframe.
    const [documentId, htmlId, bodyId, inputId] = [9001, 9002, 9003, 9004];
    recording.mutation(500, {
      adds: [
        {
          parentId: recording.id('frame'),
          nextId: null,
          node: {
            type: 0, id: documentId, childNodes: [
              { type: 2, tagName: 'html', attributes: {}, id: htmlId, rootId: documentId, childNodes: [
                { type: 2, tagName: 'body', attributes: {}, id: bodyId, rootId: documentId, childNodes: [
                  { type: 2, tagName: 'input', attributes: { id: 'card' }, childNodes: [], id: inputId, rootId: documentId },
                ] },
              ] },
            ],
          },
        },
      ],
    });
    recording.raw({ type: 3, timestamp: START + 1_000, data: { source: 5, text: 'Ada Lovelace 1815', isChecked: false, id: inputId } }).scroll(5_000);
    const plain = await importWith(recording);
    expect(plain.fixture.events.find((event) => event.type === 'input-change')?.value).toBe('Ada Lovelace 1815');
    for (const selector of ['[data-private] input', 'div[data-private] input#card', 'iframe input', '#payframe input']) {
      const { fixture } = await importWith(recording, `block_selectors: ["${selector}"]\n`);
      expect(fixture.events.find((event) => event.type === 'input-change')?.value, selector).toBe('[blocked]');
    }
    // A selector that holds of no element still blocks nothing.
    const { fixture } = await importWith(recording, 'block_selectors: ["section input"]\n');
    expect(fixture.events.find((event) => event.type === 'input-change')?.value).toBe('Ada Lovelace 1815');
  });

  it("blocks the page's title where a block selector matches its <title>, and where the recording repeats it", async () => {
    const recording = new RecordingBuilder().page(0, { href: 'https://clinic.example/chart/77', title: 'Chart of Eleanor Whitfield', body: [keyed('open', el('button', {}, 'Open'))] });
    recording.click(1_000, 'open').consoleError(1_100, 'cannot load Chart of Eleanor Whitfield').scroll(5_000);
    const plain = await importWith(recording, 'block_selectors: [".private"]\n');
    expect(plain.fixture.events[0]).toMatchObject({ type: 'navigate', title: 'Chart of Eleanor Whitfield' });
    for (const selector of ['title', 'head *', 'head > title']) {
      const { fixture, privacy } = await importWith(recording, `block_selectors: ["${selector}"]\n`);
      expect(fixture.events[0], selector).toMatchObject({ type: 'navigate', url: 'https://clinic.example/chart/77', title: '[blocked]' });
      expect(JSON.stringify(fixture), selector).not.toContain('Whitfield');
      // The navigate, and the title repeated in the console message.
      expect(privacy, selector).toEqual(new Map([['blocked', 2]]));
    }
  });
});
