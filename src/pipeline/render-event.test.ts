import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../session/session-schema.js';
import { compilePrivacyRules } from '../privacy/privacy-rules.js';
import { privacyProbeFor } from '../privacy/privacy-probe.js';
import { PRESET_NAMES } from '../privacy/presets.js';
import { formatOffset, isFormatFieldName, renderEvent } from './render-event.js';

const event = (fields: Record<string, unknown>): SessionEvent =>
  ({ timestamp: '2026-03-02T13:05:00.000Z', time: 0, ...fields }) as unknown as SessionEvent;

describe('renderEvent', () => {
  it('writes the offset, the type, then the fields in the fixture order, values quoted', () => {
    expect(renderEvent(event({ type: 'navigate', url: 'https://shop.example/cart', title: 'Cart' }), 3100)).toBe(
      '+3.1s navigate url="https://shop.example/cart" title="Cart"',
    );
    expect(renderEvent(event({ type: 'network-error', status: 500, method: 'POST' }), 0)).toBe('+0s network-error status=500 method="POST"');
  });

  it("puts a custom event's name after its type", () => {
    expect(renderEvent(event({ properties: { plan: 'pro' }, type: 'custom', name: 'Plan Chosen' }), 1)).toBe(
      '+0.001s custom name="Plan Chosen" properties={"plan":"pro"}',
    );
  });

  it('shows the name of an event that is not custom as one of its fields, in its place', () => {
    // The prompt is all the model sees: a field of the fixture must not vanish from it.
    expect(renderEvent(event({ type: 'input', name: 'coupon', value: 'SAVE10' }), 0)).toBe('+0s input name="coupon" value="SAVE10"');
    expect(renderEvent(event({ type: 'click', target: { selector: 'a' }, name: 'Buy' }), 0)).toBe('+0s click target="a" name="Buy"');
  });

  it("writes the target's selector and text as target= and target_text=, other target fields by name", () => {
    expect(renderEvent(event({ type: 'click', target: { role: 'button', selector: 'a#go', 'aria label': 'Go', text: 'Go <now>' } }), 0)).toBe(
      '+0s click target.role="button" target="a#go" target."aria label"="Go" target_text="Go \\u003cnow\\u003e"',
    );
  });

  it('tells a top-level field named like a target field from the target field itself', () => {
    const line = renderEvent(event({ type: 'click', 'target.aria label': 'top', target: { 'aria label': 'inner' } }), 0);
    expect(line).toBe('+0s click "target.aria label"="top" target."aria label"="inner"');
    // Field names are remembered across lines: the second line reads the same.
    expect(renderEvent(event({ type: 'click', 'target.aria label': 'top', target: { 'aria label': 'inner' } }), 0)).toBe(line);
  });

  it('quotes field names that are not plain identifiers', () => {
    expect(renderEvent(event({ type: 'custom', name: 'x', 'cart value': 3, 'a=b': true }), 0)).toBe('+0s custom name="x" "cart value"=3 "a=b"=true');
  });
});

describe('formatOffset', () => {
  it('writes seconds to the millisecond without trailing zeros', () => {
    expect([0, 1, 10, 100, 1000, 61_250, 3_600_000].map(formatOffset)).toEqual(['+0s', '+0.001s', '+0.01s', '+0.1s', '+1s', '+61.25s', '+3600s']);
  });
});

describe('isFormatFieldName', () => {
  it('names only fields whose names no preset changes and no secret is named by, so the privacy probe need not be asked', () => {
    const compiled = compilePrivacyRules({ presets: [...PRESET_NAMES], block_selectors: ['.private'] });
    if (!compiled.success) throw new Error('rules');
    const probe = privacyProbeFor(compiled.rules);
    const names = ['target', 'url', 'title', 'selector', 'text', 'properties', 'message', 'value', 'name', 'status', 'password', 'token', 'ada@example.com', 'Target'];
    const format = names.filter((name) => isFormatFieldName(name));
    expect(format).toEqual(['target', 'url', 'title', 'selector', 'text', 'properties', 'message', 'value']);
    expect(format.filter((name) => probe?.key(name) !== false)).toEqual([]);
    // The probe is asked about the others, and changes some.
    expect(names.filter((name) => !isFormatFieldName(name) && probe?.key(name) === true)).toEqual(['password', 'token', 'ada@example.com']);
  });
});
