// fieldPresetOf judges one event, value first; typedFieldOf and typedPresetOf judge a field once for
// every value typed into it (see echoes.ts). The two must give the same answer.

import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../session/session-schema.js';
import { fieldPresetOf, fieldPresetsOf, typedFieldOf, typedPresetOf } from './field-values.js';

const targets = [
  { selector: 'form#login > input[type="password"]' },
  { selector: 'input[autocomplete="one-time-code"]' },
  { selector: 'input#phone' },
  { selector: 'form > input#f3', text: 'Mobile number (optional)' },
  { selector: 'input[type="email"]' },
  { selector: 'input#newsletter-email' },
  { selector: 'input#card-number' },
  { selector: 'input#iban' },
  { selector: 'input#search' },
  { selector: 'form > input#f4', text: 'Order number' },
  {},
];
const values: unknown[] = ['hunter2', '4155550100', '(202) 555-0173', 'ada@exa', 'ada@example.com', '4111 1111 1111 1112', '4111 1111 1111 1111', 'DE89 3704 0044 0532 0130 00', 'n/a', '', '[blocked]', 7700900123, true];

describe('the judgement of a typed value, per event and per field', () => {
  it('is the same', () => {
    for (const presets of [['secret', 'phone', 'email', 'card', 'iban'], ['phone'], ['email', 'card'], []]) {
      const fields = fieldPresetsOf(new Set(presets));
      for (const target of targets) {
        const field = typedFieldOf(fields, target.selector, 'text' in target ? target.text : undefined);
        for (const value of values) {
          const event = { type: 'input-change', timestamp: '2026-11-01T10:00:00Z', target, value } as unknown as SessionEvent;
          expect(field === undefined ? undefined : typedPresetOf(field, value), `${JSON.stringify(target)} ${JSON.stringify(value)} ${presets.join(',')}`).toBe(fieldPresetOf(fields, value, event));
        }
      }
    }
  });
});
