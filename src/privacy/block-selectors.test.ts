import { describe, expect, it } from 'vitest';
import { parseSession } from '../session/parse-session.js';
import { compileBlockSelectors, elementOfSelectorPath } from './block-selectors.js';
import { parsePrivacyRules } from './privacy-rules.js';
import { redactSession } from './redact-session.js';

describe('block selectors against recorded selector paths', () => {
  const blocked = compileBlockSelectors(['#card-number', '.private input', 'input[name="cvv"]', '[data-private]']);

  it.each([
    ['form#checkout > input#card-number', true],
    ['div.private > form > input.field', true],
    ['div.public > input', false],
    ['input[name="cvv"]', true],
    ['input[name=email]', false],
    // A blocked element blocks what is inside it.
    ['section[data-private] span', true],
    // Tag names as a recorder that uses tagName writes them.
    ['FORM#checkout > INPUT#card-number', true],
    ['DIV.private > INPUT', true],
    ['button.pay', false],
    ['not css ((', false],
  ])('%s: %s', (path, expected) => {
    expect(blocked(path)).toBe(expected);
  });

  it('matches the positions a path records (:nth-child, :nth-of-type), and only those', () => {
    const byPosition = compileBlockSelectors(['form#kyc > div.field:nth-child(3) input', 'ul.passengers > li:nth-of-type(2) input.dob', 'table.payroll tr:nth-child(4) > td:nth-child(2) input', 'ol > li:first-child a']);
    expect(byPosition('form#kyc > div.field:nth-child(3) > input')).toBe(true);
    expect(byPosition('form#kyc > div.field:nth-child(2) > input')).toBe(false);
    expect(byPosition('ul.passengers > li:nth-of-type(2) > input.dob')).toBe(true);
    expect(byPosition('ul.passengers > li:nth-of-type(1) > input.dob')).toBe(false);
    expect(byPosition('table.payroll > tbody > tr:nth-child(4) > td:nth-child(2) > input')).toBe(true);
    expect(byPosition('table.payroll > tbody > tr:nth-child(4) > td:nth-child(3) > input')).toBe(false);
    // A position the path does not record is unknown: the element may be the first.
    expect(byPosition('ol > li > a')).toBe(true);
    expect(byPosition('ol > li:nth-child(2) > a')).toBe(false);
  });

  it('reads a path into the chain of elements it describes', () => {
    const element = elementOfSelectorPath('form#checkout.wide > input.a.b[name="card"]');
    expect(element?.name).toBe('input');
    expect(Object.fromEntries(element?.attributes ?? [])).toEqual({ name: 'card', class: 'a b' });
    expect(element?.parent?.name).toBe('form');
    expect(Object.fromEntries(element?.parent?.attributes ?? [])).toEqual({ id: 'checkout', class: 'wide' });
  });

  it('blocks the text, value and name of an event on a blocked element and keeps its type and time', () => {
    const rules = parsePrivacyRules('block_selectors: ["#card-number"]\n');
    const session = parseSession({
      id: 'u:s',
      events: [
        { type: 'input-change', timestamp: '2026-11-01T10:00:00Z', target: { selector: 'form > input#card-number', text: 'Card' }, value: '4111 1111 1111 1111', name: 'card' },
        { type: 'click', timestamp: '2026-11-01T10:00:01Z', target: { selector: 'button#pay', text: 'Pay' } },
      ],
    });
    const { session: redacted, counts } = redactSession(session, rules);
    expect(redacted.events[0]).toMatchObject({ type: 'input-change', timestamp: '2026-11-01T10:00:00Z', target: { selector: 'form > input#card-number', text: '[blocked]' }, value: '[blocked]', name: '[blocked]' });
    expect(redacted.events[1]).toBe(session.events[1]);
    expect(Object.fromEntries(counts)).toEqual({ blocked: 1 });
  });

  it('compiles block selectors beside a blank one kept from before it was refused', () => {
    const matches = compileBlockSelectors(['#card', '  ']);
    expect(matches('form > input#card')).toBe(true);
    expect(matches('form > input#name')).toBe(false);
  });

  it('reads a path whose ids hold unescaped colons (React useId) and attribute names in capitals', () => {
    const matches = compileBlockSelectors(['form#pay']);
    expect(matches('form#pay > div#field-:r2: > input')).toBe(true);
    expect(elementOfSelectorPath('div#radix-:r7: > form#login > input')?.parent?.attributes.get('id')).toBe('login');
    expect(elementOfSelectorPath('div#radix-:r7:')?.attributes.get('id')).toBe('radix-:r7:');
    expect(elementOfSelectorPath('INPUT[TYPE=PASSWORD]')?.attributes.get('type')).toBe('PASSWORD');
    // What was typed there is replaced as in any field for a secret.
    const typed = parseSession({
      id: 'u-1:s-1',
      events: [
        { type: 'input-change', timestamp: '2026-11-01T10:00:00Z', target: { selector: 'div#radix-:r7: > form#change-password > input[type="password"]' }, value: 'Velvet-Otter-Rain' },
        { type: 'input-change', timestamp: '2026-11-01T10:00:01Z', target: { selector: 'INPUT[TYPE=PASSWORD]' }, value: 'Quiet-Falcon-Sand' },
      ],
    });
    expect(redactSession(typed, parsePrivacyRules('presets: [secret]\n')).session.events.map((event) => event.value)).toEqual(['[secret]', '[secret]']);
  });
});
