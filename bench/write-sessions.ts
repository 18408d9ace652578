// Writes the sessions the studio bench saves in place of its fixture, one file per save, in a
// process of its own: generating 8 MB of JSON leaves garbage that the studio's process would
// otherwise collect during the timed saves, which an editor in another window never causes.
// Usage: tsx bench/write-sessions.ts <directory> <saves> <events>

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateLongSession } from '../scripts/generate-long-session.js';

const [directory = '.', saves = '30', events = '50000'] = process.argv.slice(2);
for (let save = 1; save <= Number(saves); save++) {
  const text = JSON.stringify(generateLongSession({ events: Number(events), seed: 1000 + save }));
  // The new id shows in the Prompt pane's session tag once the studio has taken the save in.
  writeFileSync(path.join(directory, `session-${save}.json`), text.replace(/"id":"[^"]*"/, `"id":"u-bench:s-${save}"`));
}
