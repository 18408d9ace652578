// docs/fixtures.md, on importing rrweb recordings, states every threshold of the importer with the value the code uses.

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import * as clicks from '../src/import/click-classifier.js';
import * as selectors from '../src/import/element-selector.js';
import * as texts from '../src/import/element-text.js';
import * as highlights from '../src/import/highlight-tracker.js';
import * as inputs from '../src/import/input-debouncer.js';
import * as thrash from '../src/import/mouse-thrash-detector.js';
import * as plugins from '../src/import/plugin-events.js';
import * as selections from '../src/import/selection-text.js';
import * as sessionIds from '../src/import/session-id-for.js';

const modules: Record<string, unknown> = { ...clicks, ...selectors, ...texts, ...highlights, ...inputs, ...thrash, ...plugins, ...selections, ...sessionIds };
const thresholds = Object.entries(modules).filter(
  (entry): entry is [string, number] => /^[A-Z][A-Z_]+$/.test(entry[0]) && typeof entry[1] === 'number',
);

describe('docs/fixtures.md on recap import rrweb', () => {
  it('states every threshold as NAME = value', async () => {
    const docs = await readFile(new URL('../docs/fixtures.md', import.meta.url), 'utf8');
    expect(thresholds.length).toBeGreaterThan(15);
    const missing = thresholds.filter(([name, value]) => !docs.includes(`\`${name} = ${value}\``)).map(([name, value]) => `${name} = ${value}`);
    expect(missing).toEqual([]);
  });
});
