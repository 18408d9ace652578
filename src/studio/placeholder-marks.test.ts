import { describe, expect, it } from 'vitest';
import { markPlaceholders, placeholderPattern } from './placeholder-marks.js';
import { segment } from './styled-line.js';

describe('placeholder marks', () => {
  it('puts each placeholder of a rule that replaced something in a redacted segment, keeping the style around it', () => {
    const pattern = placeholderPattern({ email: 2, order: 1 });
    expect(markPlaceholders([segment('┃ ', 'dim'), segment('mail [email] about [order], cc [email]', 'plain')], pattern)).toEqual([
      segment('┃ ', 'dim'),
      segment('mail ', 'plain'),
      segment('[email]', 'redacted'),
      segment(' about ', 'plain'),
      segment('[order]', 'redacted'),
      segment(', cc ', 'plain'),
      segment('[email]', 'redacted'),
    ]);
  });

  it('leaves brackets alone that no counted rule put there, and the line itself when there is nothing to mark', () => {
    const pattern = placeholderPattern({ email: 1, card: 0, url_param: 3 });
    const line = [segment('[card] [url_param] [note] [e-mail]', 'plain')];
    expect(markPlaceholders(line, pattern)).toBe(line);
    expect(placeholderPattern({ url_param: 2 })).toBeUndefined();
    expect(placeholderPattern(undefined)).toBeUndefined();
    expect(markPlaceholders(line, undefined)).toBe(line);
  });

  it('marks a segment that is a placeholder and nothing else (a masked value)', () => {
    expect(markPlaceholders([segment('    email  ', 'key'), segment('[masked]')], placeholderPattern({ masked: 1 }))).toEqual([segment('    email  ', 'key'), segment('[masked]', 'redacted')]);
  });

  it('marks pattern names with - and _ as written', () => {
    expect(markPlaceholders([segment('ref [order-id] and [order_no]')], placeholderPattern({ 'order-id': 1, order_no: 1 })).map((part) => part.style)).toEqual([
      'plain',
      'redacted',
      'plain',
      'redacted',
    ]);
  });
});
