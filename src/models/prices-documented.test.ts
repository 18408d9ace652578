// docs/suites.md shows the price table that recap test and many-session runs estimate costs from:
// a price changed here, or a model added, without its row there gives readers other figures than
// the reports they get.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXTRACTIVE_MODEL } from './default-models.js';
import { MODEL_PRICES } from './prices.js';

const page = readFileSync(path.resolve(import.meta.dirname, '../../docs/suites.md'), 'utf8');

describe('docs/suites.md and MODEL_PRICES', () => {
  it('lists every priced model with its input and output price per million tokens', () => {
    const table = page.slice(page.indexOf('| model | input | output |'));
    const rows = [...table.matchAll(/^\| `([^`]+)` \| ([0-9.]+) \| ([0-9.]+) \|$/gm)].map((row) => [row[1], { inputPerMillion: Number(row[2]), outputPerMillion: Number(row[3]) }]);
    // The offline model costs nothing and has no row: the page prices the vendors' models.
    const priced = Object.entries(MODEL_PRICES).filter(([model]) => model !== EXTRACTIVE_MODEL);
    expect(rows).toEqual(priced);
  });
});
