// Benchmark of the studio on a 50,000-event session: save → updated screen (the file is written,
// chokidar sees it, the studio re-reads, parses, prepares and re-renders the frame) against the
// 200 ms target of issue 4; and scrolling, which must draw only the rows on screen. Prints
// figures, asserts nothing.

import { execFileSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateLongSession } from '../scripts/generate-long-session.js';
import { missingStudioFlags, runNodeWithFlags } from '../src/cli/studio-process.js';
import type { StudioState } from '../src/studio/studio-state.js';

/** The studio's modules, loaded once NODE_ENV is set, as `recap studio` does. */
async function loadStudio() {
  const [{ render }, { createElement }, { nodeStudioDependencies }, { studioReducer }, { initialStudioState }, { Studio }] = await Promise.all([
    import('ink'),
    import('react'),
    import('../src/studio/node-studio-dependencies.js'),
    import('../src/studio/studio-reducer.js'),
    import('../src/studio/studio-state.js'),
    import('../src/studio/Studio.js'),
  ]);
  /** The real studio (real files, chokidar, extractive model) on a fake 80×24 terminal. */
  const mount = (directory: string, terminal: FakeTerminal, keyboard: FakeKeyboard) =>
    render(
      createElement(Studio, {
        dependencies: nodeStudioDependencies({ cwd: directory, env: {}, terminal: { suspend() {}, resume() {} } }),
        settings: { cwd: directory, profilesFolder: 'profiles', sessionsFolder: 'sessions-fixtures', env: {} },
      }),
      // debug: every render is written at once, so a frame's time is when it was drawn (a real
      // terminal gets at most 30 frames a second from Ink, the first of a burst at once).
      { stdout: terminal as unknown as NodeJS.WriteStream, stdin: keyboard as unknown as NodeJS.ReadStream, debug: true, exitOnCtrlC: false, patchConsole: false },
    );
  return { mount, studioReducer, initialStudioState };
}

type LoadedStudio = Awaited<ReturnType<typeof loadStudio>>;

const EVENTS = Number(process.env.RECAP_BENCH_STUDIO_EVENTS ?? 50_000);
/** Only the save scenarios whose label contains this text (to profile one of them). */
const ONLY = process.env.RECAP_BENCH_STUDIO_ONLY;
const SAVES = 30;
const TARGET_MS = 200;
const COLUMNS = 80;
const ROWS = 24;

interface Frame {
  readonly at: number;
  readonly text: string;
}

/** A terminal for Ink: 80×24, every frame kept with the time it was written. */
class FakeTerminal extends EventEmitter {
  readonly columns = COLUMNS;
  readonly rows = ROWS;
  readonly frames: Frame[] = [];
  private waiters: { test: (text: string) => boolean; resolve: (frame: Frame) => void }[] = [];
  write = (text: string): boolean => {
    const frame = { at: performance.now(), text };
    this.frames.push(frame);
    this.waiters = this.waiters.filter((waiter) => !(waiter.test(text) && (waiter.resolve(frame), true)));
    return true;
  };
  next(test: (text: string) => boolean, timeoutMs = 10_000): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no frame matched within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ test, resolve: (frame) => (clearTimeout(timer), resolve(frame)) });
    });
  }
}

class FakeKeyboard extends EventEmitter {
  readonly isTTY = true;
  private pending: string | null = null;
  press(data: string): void {
    this.pending = data;
    this.emit('readable');
  }
  read = (): string | null => {
    const data = this.pending;
    this.pending = null;
    return data;
  };
  setEncoding(): void {}
  setRawMode(): void {}
  ref(): void {}
  unref(): void {}
  resume(): void {}
  pause(): void {}
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)] ?? NaN;
const p95 = (values: number[]) => sorted(values)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

const EVERYTHING = `name: Everything\nllm:\n  pre_prompt: Summarise MARKER.\n`;

/**
 * What save number `save` writes (a text, or a file copied in its place) and what the screen shows
 * once it is taken in.
 */
type Change = (original: string, save: number) => { readonly text: string; readonly copyFrom?: undefined; readonly shows: string } | { readonly text?: undefined; readonly copyFrom: string; readonly shows: string };

/** A new marker in the prompt's first line: visible in the Prompt pane. */
const newMarker: Change = (original, save) => {
  const marker = `BENCH-${save}-${Date.now() % 100_000}`;
  return { text: original.replace('MARKER', marker), shows: marker };
};

/**
 * A new marker and a new (empty-handed) type filter: the selection changed, so nothing of the
 * last preparation can be reused, though every event is still kept.
 */
const newMarkerAndFilter: Change = (original, save) => {
  const { text, shows } = newMarker(original, save);
  return { text: `${text}events:\n  exclude_types: [no-such-event-${save}]\n`, shows };
};

/** A new event limit: visible in the Events pane's counts. */
const newLimit: Change = (original, save) => ({
  text: original.replace(/event_limit: \d+/, `event_limit: ${500 + save}`),
  shows: `kept ${500 + save} of`,
});

/** A new session id (outside the events list): visible in the Prompt pane's session tag. */
const newSessionId: Change = (original, save) => ({
  text: original.replace(/"id":"[^"]*"/, `"id":"u-bench:s-${save}"`),
  shows: `<session id="u-bench:s-${save}">`,
});

/** A custom event inserted first in the events list: visible in the Events pane's first row. */
const newFirstEvent: Change = (original, save) => {
  const opening = /"events":\[\{"type":"[^"]*","timestamp":"([^"]*)"/.exec(original);
  if (opening === null) throw new Error('the generated session does not start its events as expected');
  const marker = `BENCH-${save}-${Date.now() % 100_000}`;
  const inserted = `"events":[{"type":"custom","name":"${marker}","timestamp":"${opening[1] ?? ''}"},`;
  return { text: original.replace('"events":[', inserted), shows: marker };
};

/**
 * The whole file different on every save (another generated session, written beforehand by
 * bench/write-sessions.ts in a process of its own): nothing can be reused.
 */
function rewrittenSessions(directory: string, events: number): Change {
  const folder = path.join(directory, 'rewrites');
  mkdirSync(folder);
  execFileSync(process.execPath, ['--import', 'tsx', path.join('bench', 'write-sessions.ts'), folder, String(SAVES), String(events)], { stdio: 'inherit' });
  return (_original, save) => ({ copyFrom: path.join(folder, `session-${save}.json`), shows: `<session id="u-bench:s-${save}">` });
}

/** Saves `file` (relative to the directory) SAVES times; returns the time from write to frame. */
async function measureSaves(studio: LoadedStudio, directory: string, saved: string, pane: string, label: string, change: Change): Promise<number[]> {
  if (ONLY !== undefined && !label.includes(ONLY)) return [];
  const terminal = new FakeTerminal();
  const keyboard = new FakeKeyboard();
  const file = path.join(directory, saved);
  const original = readFileSync(file, 'utf8');
  const instance = studio.mount(directory, terminal, keyboard);
  try {
    await terminal.next((text) => text.includes('✓ valid'), 30_000);
    // Let the model, the history and the trailing watcher events settle.
    await pause(500);
    keyboard.press(pane);
    await pause(100);
    const times: number[] = [];
    const writes: number[] = [];
    for (let save = 1; save <= SAVES; save++) {
      const { text, copyFrom, shows } = change(original, save);
      const shown = terminal.next((frame) => frame.includes(shows));
      // The clock starts once the file is written, as when an editor in another window has just
      // saved: writing 8 MB here blocks this process (and so the studio) for tens of milliseconds,
      // time an editor spends in its own process, not the studio's latency.
      const writeStarted = performance.now();
      if (copyFrom === undefined) writeFileSync(file, text);
      else copyFileSync(copyFrom, file);
      const started = performance.now();
      writes.push(started - writeStarted);
      times.push((await shown).at - started);
      await pause(250);
    }
    report(label, times, median(writes));
    if (ONLY !== undefined) console.log(`  each save, sorted: ${sorted(times).map((time) => time.toFixed(0)).join(' ')} ms`);
    return times;
  } finally {
    instance.unmount();
    writeFileSync(file, original);
    await pause(50);
  }
}

function report(label: string, times: number[], write: number): void {
  const verdict = p95(times) <= TARGET_MS ? '✓' : '✗';
  console.log(`${label.padEnd(58)} ${ms(median(times))} ${ms(p95(times))}  ${verdict} ${TARGET_MS} ms  (the write itself: ${write.toFixed(1)} ms)`);
}

/** The pure part of a save: the reducer parses, prepares and explains (no IO, no rendering). */
function measureReducer(studio: LoadedStudio, state: StudioState, file: string, text: string): number[] {
  const times: number[] = [];
  for (let run = 0; run < SAVES; run++) {
    const started = performance.now();
    studio.studioReducer(state, { type: 'file-read', path: file, text: text.replace('MARKER', `MARKER-${run}`).replace('Below', `Below ${run}`) });
    times.push(performance.now() - started);
  }
  return times;
}

async function measureScrolling(studio: LoadedStudio, directory: string): Promise<void> {
  const terminal = new FakeTerminal();
  const keyboard = new FakeKeyboard();
  const instance = studio.mount(directory, terminal, keyboard);
  try {
    await terminal.next((text) => text.includes('✓ valid'), 30_000);
    await pause(500);
    for (const [pane, label, rowPattern] of [
      ['1', 'Events', /^[●·] +\d+ \d\d:\d\d/],
      ['3', 'Prompt', /^(┃ | {2})/],
    ] as const) {
      keyboard.press(pane);
      await pause(100);
      const times: number[] = [];
      let frame = '';
      for (let page = 0; page < 30; page++) {
        const before = terminal.frames.length;
        const started = performance.now();
        const shown = terminal.next(() => terminal.frames.length > before);
        keyboard.press('\u001B[6~');
        const next = await shown;
        times.push(next.at - started);
        frame = next.text;
      }
      const drawn = frame.split('\n').filter((line) => rowPattern.test(line)).length;
      const range = /(rows|lines) ([\d,]+)–([\d,]+)(?: of ([\d,]+))?/.exec(frame)?.[0] ?? '';
      console.log(`PgDn on ${label.padEnd(7)} ${ms(median(times))} median, ${ms(p95(times))} p95 per frame; ${drawn} ${label === 'Events' ? 'event rows' : 'prompt lines'} drawn (${range})`);
    }
  } finally {
    instance.unmount();
    await pause(50);
  }
}

export async function runStudioBenchmark(): Promise<void> {
  // As `recap studio` does: in a node process with the studio's V8 flags.
  const flags = missingStudioFlags();
  if (flags.length > 0) {
    // The child inherits this process's options, tsx's loader among them.
    const end = await runNodeWithFlags(flags, fileURLToPath(import.meta.url), []);
    if (end.code !== 0) throw new Error(`the studio benchmark ended with ${end.signal ?? `exit code ${end.code}`}`);
    return;
  }
  // As `recap studio` does: React's production build.
  process.env.NODE_ENV ??= 'production';
  const studio = await loadStudio();
  const directory = mkdtempSync(path.join(tmpdir(), 'recap-bench-studio-'));
  try {
    mkdirSync(path.join(directory, 'profiles'));
    mkdirSync(path.join(directory, 'sessions-fixtures'));
    // Profiles are picked in name order: a-friction first, so the studio opens on it.
    const friction = readFileSync(path.join('profiles', 'friction-report.yaml'), 'utf8').replace('You are a UX analyst.', 'MARKER You are a UX analyst.');
    writeFileSync(path.join(directory, 'profiles', 'a-friction.yaml'), friction);
    writeFileSync(path.join(directory, 'profiles', 'b-everything.yaml'), EVERYTHING);
    const sessionText = JSON.stringify(generateLongSession({ events: EVENTS, seed: 1 }));
    writeFileSync(path.join(directory, 'sessions-fixtures', 'long.json'), sessionText);

    console.log(`\n## Studio: save → updated screen (${EVENTS.toLocaleString('en')}-event session, ${COLUMNS}×${ROWS}, ${SAVES} saves each)`);
    console.log('(from the file written to Ink writing the frame that shows the change: chokidar, read, parse, prepare, render)\n');
    console.log(`${'scenario'.padEnd(58)} ${'median'.padStart(10)} ${'p95'.padStart(10)}  target`);
    await measureSaves(studio, directory, 'profiles/a-friction.yaml', '3', 'profile save, friction-report (600 kept), Prompt pane', newMarker);
    await measureSaves(studio, directory, 'profiles/a-friction.yaml', '1', 'profile save, friction-report (~500 kept), Events pane', newLimit);

    // The same, with every event kept: a prompt of about 6 MB and 50,000+ lines.
    writeFileSync(path.join(directory, 'profiles', 'a-friction.yaml'), EVERYTHING.replace('Everything', 'Everything first'));
    await measureSaves(studio, directory, 'profiles/a-friction.yaml', '3', 'profile save, every event kept (~6 MB prompt), Prompt pane', newMarker);
    await measureSaves(studio, directory, 'profiles/a-friction.yaml', '3', '  the same, with the type filter changed too (event lines reused)', newMarkerAndFilter);
    writeFileSync(path.join(directory, 'profiles', 'a-friction.yaml'), friction);
    const megabytes = (sessionText.length / 1e6).toFixed(0);
    await measureSaves(studio, directory, 'sessions-fixtures/long.json', '3', `session save (${megabytes} MB), its id edited, Prompt pane`, newSessionId);
    await measureSaves(studio, directory, 'sessions-fixtures/long.json', '1', `session save (${megabytes} MB), an event added, Events pane`, newFirstEvent);
    await measureSaves(studio, directory, 'sessions-fixtures/long.json', '3', `session rewritten whole (${megabytes} MB, every event parsed)`, rewrittenSessions(directory, EVENTS));

    if (ONLY !== undefined) return;
    let state = studio.initialStudioState();
    state = studio.studioReducer(state, { type: 'files-listed', profiles: [{ name: 'a.yaml', path: 'a.yaml' }], sessions: [{ name: 'long.json', path: 'long.json' }] });
    state = studio.studioReducer(state, { type: 'file-read', path: 'long.json', text: sessionText });
    state = studio.studioReducer(state, { type: 'file-read', path: 'a.yaml', text: friction });
    const reducer = measureReducer(studio, state, 'a.yaml', friction);
    // From a workspace of the every-event profile: a prompt edit builds on it; a filter edit
    // selects anew but, from its second run on, reuses the event lines rendered for the session.
    const everythingState = studio.studioReducer(state, { type: 'file-read', path: 'a.yaml', text: EVERYTHING });
    const everything = measureReducer(studio, everythingState, 'a.yaml', EVERYTHING);
    const everythingFiltered = measureReducer(studio, everythingState, 'a.yaml', `${EVERYTHING}events:\n  exclude_types: [Below]\n`);
    const sessionParse = measureReducer(studio, state, 'long.json', sessionText.replace('"id":"', '"id":"MARKER'));
    // Another session each time: every event parsed.
    const sessionFull: number[] = [];
    for (let run = 0; run < 8; run++) {
      const text = JSON.stringify(generateLongSession({ events: EVENTS, seed: 2000 + run }));
      const started = performance.now();
      studio.studioReducer(state, { type: 'file-read', path: 'long.json', text });
      sessionFull.push(performance.now() - started);
    }
    console.log(`\nof which, without IO or rendering (studioReducer on the new text):`);
    console.log(`  profile: parse + prepare + explain events           ${ms(median(reducer))} median ${ms(p95(reducer))} p95`);
    console.log(`  every event kept (~6 MB prompt), a prompt edit       ${ms(median(everything))} median ${ms(p95(everything))} p95`);
    console.log(`  every event kept, the type filter edited (lines reused)${ms(median(everythingFiltered))} median ${ms(p95(everythingFiltered))} p95`);
    console.log(`  session: its id edited (by difference) + prepare + explain ${ms(median(sessionParse))} median ${ms(p95(sessionParse))} p95`);
    console.log(`  session: another one, ${EVENTS.toLocaleString('en')} events parsed + prepare   ${ms(median(sessionFull))} median ${ms(p95(sessionFull))} p95`);

    console.log(`\n## Studio: scrolling a ${EVENTS.toLocaleString('en')}-event session (friction-report)`);
    await measureScrolling(studio, directory);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runStudioBenchmark();
