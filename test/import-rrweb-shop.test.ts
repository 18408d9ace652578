// The importer against a recording shaped like a real rrweb 2 shop visit: every expected event is
// produced (type, target and fields, timestamps within ±500 ms), nothing else, and none of the
// types that did not happen.

import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { importRrwebStream } from '../src/import/import-rrweb-recording.js';
import { START } from '../src/import/test-support/recording-builder.js';
import {
  SHOP_VISIT_EXPECTED,
  SHOP_VISIT_FORBIDDEN_TYPES,
  shopVisitRecording,
  type ExpectedEvent,
} from '../src/import/test-recordings/shop-visit.js';
import type { FixtureEvent } from '../src/session/session-schema.js';

const TOLERANCE_MS = 500;

function matches(event: FixtureEvent, expected: ExpectedEvent): boolean {
  const types = [expected.type, ...(expected.alsoAcceptable ?? [])];
  if (!types.includes(event.type)) return false;
  if (Math.abs(Date.parse(event.timestamp) - START - expected.at) > TOLERANCE_MS) return false;
  return Object.entries(expected.fields).every(([key, value]) => isDeepStrictEqual((event as Record<string, unknown>)[key], value));
}

async function* text(value: string): AsyncGenerator<string> {
  yield value;
}

describe('importing a shop visit', async () => {
  const { fixture, warnings } = await importRrwebStream(text(JSON.stringify(shopVisitRecording().events)), { source: 'shop-visit.json' });

  it('produces every expected event, in order, with its target and fields', () => {
    let from = 0;
    const missing: ExpectedEvent[] = [];
    for (const expected of SHOP_VISIT_EXPECTED) {
      const index = fixture.events.findIndex((event, position) => position >= from && matches(event, expected));
      if (index < 0) {
        if (expected.optional !== true) missing.push(expected);
        continue;
      }
      from = index + 1;
    }
    expect(missing).toEqual([]);
  });

  it('produces nothing else', () => {
    const unexpected = fixture.events.filter((event) => !SHOP_VISIT_EXPECTED.some((expected) => matches(event, expected)));
    expect(unexpected).toEqual([]);
    expect(fixture.events.filter((event) => SHOP_VISIT_FORBIDDEN_TYPES.includes(event.type))).toEqual([]);
  });

  it('takes the viewport from Meta and warns about nothing', () => {
    expect(fixture.device).toEqual({ viewport: { width: 1280, height: 800 } });
    expect(warnings).toEqual([]);
  });
});
