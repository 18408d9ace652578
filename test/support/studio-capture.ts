// Regenerates the frames shown in docs/studio.md: drives the real studio in tmux on a copy of the
// example profiles and sessions and prints each pane as the terminal shows it.
//   npx tsx test/support/studio-capture.ts [COLUMNS] [ROWS]      (default 80 24)

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT_MARKER, startStudioInTmux } from './studio-tmux.js';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const [columns = 80, rows = 24] = process.argv.slice(2).map(Number);
const directory = mkdtempSync(path.join(tmpdir(), 'recap-capture-'));
cpSync(path.join(REPOSITORY, 'profiles'), path.join(directory, 'profiles'), { recursive: true });
cpSync(path.join(REPOSITORY, 'sessions-fixtures'), path.join(directory, 'sessions-fixtures'), { recursive: true });
const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const shots: [string, string][] = [];
const studio = startStudioInTmux({ cwd: directory, columns, rows });
const shoot = async (name: string) => {
  await pause(300);
  shots.push([name, studio.capture()]);
};

try {
  await studio.waitFor('✓ valid');
  await pause(300);
  studio.sendKeys('p');
  await pause(200);
  studio.sendKeys('Down', 'Down', 'Down', 'Enter');
  await studio.waitFor('profile plain-summary.yaml');
  studio.sendKeys('s');
  await pause(200);
  studio.sendKeys('Down', 'Enter');
  await studio.waitFor('session checkout-abandon.json');
  await shoot('events');
  studio.sendKeys('2');
  await shoot('context');
  studio.sendKeys('3');
  await shoot('prompt');
  studio.sendKeys('r');
  await studio.waitFor('run #1');
  await shoot('response');
  const file = path.join(directory, 'profiles', 'plain-summary.yaml');
  const original = readFileSync(file, 'utf8');
  writeFileSync(file, original.replace('exclude: [user]', 'exclude: [user, location]').replace('event_limit: 400', 'event_limit: 12'));
  await pause(500);
  studio.sendKeys('r');
  await studio.waitFor('run #2');
  studio.sendKeys('5');
  await studio.waitFor('+ run #2');
  await shoot('diff');
  writeFileSync(file, original.replace('mode: FIRST', 'mode: MIDDLE'));
  studio.sendKeys('3');
  await studio.waitFor(/plain-summary\.yaml:\d+:\d+/);
  await shoot('invalid save');
  writeFileSync(file, original);
  await studio.waitFor('✓ valid');
  studio.sendKeys('c');
  await pause(200);
  studio.sendKeys('Down', 'Enter');
  await studio.waitFor(' B ');
  await shoot('compare');
  studio.sendKeys('c');
  await pause(200);
  studio.sendKeys('?');
  await shoot('help');
  studio.sendKeys('Escape');
  await pause(300);
  studio.sendKeys('A');
  await studio.waitFor('8/8 done');
  studio.sendKeys('6');
  await shoot('report');
  studio.sendKeys('q');
  await studio.waitFor(`${EXIT_MARKER} 0]`);
} finally {
  studio.stop();
  rmSync(directory, { recursive: true, force: true });
}
for (const [name, shot] of shots) console.log(`===== ${name} (${columns}×${rows})\n${shot.trimEnd()}\n`);
