// Benchmark of `recap import rrweb` on a ~50 MB synthetic recording (a full snapshot, then
// mutations, mouse moves, clicks, typing, scrolls, a periodic re-snapshot and plugin events),
// next to reading the file and JSON.parse of it. Each operation runs in its own process so that its
// peak memory is its own. Figures only; nothing is asserted.
// Worker use: node --import tsx bench/import-rrweb.ts --worker <operation> <recording.json> <runs>

import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importRrwebFile } from '../src/import/import-rrweb-recording.js';

const THIS_FILE = fileURLToPath(import.meta.url);
const TARGET_MB = Number(process.env.RECAP_BENCH_IMPORT_MB ?? 50);
const RUNS = Number(process.env.RECAP_BENCH_IMPORT_RUNS ?? 3);
const START = Date.parse('2026-03-01T10:00:00.000Z');
const QUERIES = ['m8 hex bolt', 'washer a4', 'wood screws 4x40', 'anchor bolt', 'threaded rod m10'];

/** A small deterministic generator (mulberry32), so every run measures the same file. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Stats {
  events: number;
  snapshots: number;
  mutations: number;
  moves: number;
  clicks: number;
}

/** Writes the synthetic recording to `file`, event by event; returns what it holds. */
async function writeRecording(file: string, targetBytes: number): Promise<Stats> {
  const next = random(7);
  const out = createWriteStream(file);
  let bytes = 0;
  const stats: Stats = { events: 0, snapshots: 0, mutations: 0, moves: 0, clicks: 0 };
  const write = async (event: unknown) => {
    const text = `${stats.events === 0 ? '[' : ','}${JSON.stringify(event)}`;
    bytes += text.length;
    stats.events++;
    if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  };
  let id = 1;
  const cards: number[] = [];
  const buttons: number[] = [];
  const card = (index: number) => {
    const cardId = id++;
    const button = id + 7;
    cards.push(cardId);
    buttons.push(button);
    const node = {
      type: 2, tagName: 'li', attributes: { class: 'card', 'data-sku': `SKU-${index}` }, id: cardId,
      childNodes: [
        { type: 2, tagName: 'img', attributes: { src: `https://cdn.example/p/${index}.jpg`, alt: `Product ${index}` }, childNodes: [], id: id++ },
        { type: 2, tagName: 'h3', attributes: {}, childNodes: [{ type: 3, textContent: `Product number ${index}`, id: id++ }], id: id++ },
        { type: 2, tagName: 'span', attributes: { class: 'price' }, childNodes: [{ type: 3, textContent: `€${(next() * 200).toFixed(2)}`, id: id++ }], id: id++ },
        { type: 2, tagName: 'div', attributes: { class: 'actions' }, id: id++, childNodes: [
          { type: 2, tagName: 'button', attributes: { class: 'add', type: 'button' }, childNodes: [{ type: 3, textContent: 'Add to cart', id: id + 1 }], id: id++ },
        ] },
      ],
    };
    id++;
    return node;
  };
  const snapshot = () => {
    stats.snapshots++;
    id = 1;
    cards.length = 0;
    buttons.length = 0;
    const documentId = id++;
    const nav = Array.from({ length: 20 }, (_, index) => ({ type: 2, tagName: 'a', attributes: { href: `/c/${index}` }, childNodes: [{ type: 3, textContent: `Category ${index}`, id: id++ }], id: id++ }));
    const list = Array.from({ length: 400 }, (_, index) => card(index));
    return {
      node: { type: 0, id: documentId, childNodes: [{ type: 1, name: 'html', publicId: '', systemId: '', id: id++ }, { type: 2, tagName: 'html', attributes: {}, id: id++, childNodes: [
        { type: 2, tagName: 'head', attributes: {}, id: id++, childNodes: [{ type: 2, tagName: 'title', attributes: {}, id: id++, childNodes: [{ type: 3, textContent: 'Results', id: id++ }] }] },
        { type: 2, tagName: 'body', attributes: {}, id: 9_000_000, childNodes: [
          { type: 2, tagName: 'nav', attributes: { class: 'main-nav' }, childNodes: nav, id: id++ },
          { type: 2, tagName: 'input', attributes: { id: 'q', type: 'search' }, childNodes: [], id: 9_000_001 },
          { type: 2, tagName: 'span', attributes: { id: 'cart-count' }, childNodes: [{ type: 3, textContent: '0', id: 9_000_003 }], id: 9_000_002 },
          { type: 2, tagName: 'ul', attributes: { id: 'results' }, childNodes: list, id: 9_000_004 },
        ] },
      ] }] },
      initialOffset: { top: 0, left: 0 },
    };
  };
  let time = START;
  await write({ type: 0, data: {}, timestamp: time });
  await write({ type: 1, data: {}, timestamp: (time += 5) });
  await write({ type: 4, data: { href: 'https://shop.example/search?q=bolts', width: 1440, height: 900 }, timestamp: (time += 2) });
  await write({ type: 2, data: snapshot(), timestamp: (time += 20) });
  let x = 700;
  let y = 450;
  let goal = { x: 700, y: 450, until: time };
  let lastMoves = time;
  let lastClick = time;
  let lastTyping = time;
  let checkout = time + 600_000;
  while (bytes < targetBytes) {
    time += 40 + Math.floor(next() * 80);
    if (time - lastMoves >= 500) {
      // rrweb batches pointer positions sampled every 50 ms and emits them every 500 ms.
      if (time > goal.until) goal = { x: next() * 1440, y: next() * 900, until: time + 1_000 + next() * 3_000 };
      const count = Math.floor((time - lastMoves) / 50);
      const positions = Array.from({ length: count }, (_, index) => {
        x += (goal.x - x) * 0.12;
        y += (goal.y - y) * 0.12;
        return { x: Math.round(x), y: Math.round(y), id: cards[Math.floor(next() * cards.length)] ?? 1, timeOffset: (index + 1 - count) * 50 };
      });
      await write({ type: 3, data: { source: 1, positions }, timestamp: time });
      lastMoves = time;
      stats.moves++;
      continue;
    }
    const roll = next();
    if (roll < 0.7) {
      const kind = next();
      let data: Record<string, unknown>;
      // The list keeps about 400 cards: new ones come in, old ones go (the live DOM stays the same size).
      if (kind < 0.35 && cards.length < 420) {
        data = { source: 0, texts: [], attributes: [], removes: [], adds: [{ parentId: 9_000_004, nextId: null, node: card(Math.floor(next() * 100_000)) }] };
      } else if (kind < 0.6) {
        const index = Math.floor(next() * cards.length);
        const [removed] = cards.splice(index, 1);
        buttons.splice(index, 1);
        data = { source: 0, texts: [], attributes: [], removes: [{ parentId: 9_000_004, id: removed }], adds: [] };
      } else if (kind < 0.85) {
        data = { source: 0, texts: [], removes: [], adds: [], attributes: [{ id: cards[Math.floor(next() * cards.length)] ?? 1, attributes: { class: next() < 0.5 ? 'card highlighted' : 'card', style: { opacity: next().toFixed(2) } } }] };
      } else {
        data = { source: 0, attributes: [], removes: [], adds: [], texts: [{ id: 9_000_003, value: String(Math.floor(next() * 10)) }] };
      }
      await write({ type: 3, data, timestamp: time });
      stats.mutations++;
    } else if (roll < 0.78) {
      if (time - lastClick < 2_500) continue;
      lastClick = time;
      const button = buttons[Math.floor(next() * buttons.length)] ?? 1;
      const at = { x: Math.round(x), y: Math.round(y) };
      await write({ type: 3, data: { source: 2, type: 1, id: button, ...at }, timestamp: time });
      await write({ type: 3, data: { source: 2, type: 0, id: button, ...at }, timestamp: (time += 70) });
      await write({ type: 3, data: { source: 2, type: 2, id: button, ...at }, timestamp: (time += 1) });
      stats.clicks++;
    } else if (roll < 0.88) {
      await write({ type: 3, data: { source: 3, id: 1, x: 0, y: Math.floor(next() * 5_000) }, timestamp: time });
    } else if (roll < 0.95) {
      // A search typed key by key: one Input event per keystroke, each with the whole value.
      if (time - lastTyping < 20_000) continue;
      lastTyping = time;
      const query = QUERIES[Math.floor(next() * QUERIES.length)] ?? 'bolts';
      for (let length = 1; length <= query.length; length++) {
        await write({ type: 3, data: { source: 5, text: query.slice(0, length), isChecked: false, id: 9_000_001 }, timestamp: (time += 120 + Math.floor(next() * 200)) });
      }
    } else if (roll < 0.98) {
      await write({ type: 6, data: { plugin: 'rrweb/console@1', payload: { level: next() < 0.3 ? 'error' : 'log', trace: ['app.js:1:1'], payload: ['"price refresh failed"'] } }, timestamp: time });
    } else {
      await write({ type: 6, data: { plugin: 'rrweb/network@1', payload: { requests: [{ name: 'https://shop.example/api/price', method: 'GET', status: next() < 0.2 ? 503 : 200, initiatorType: 'fetch', startTime: 1, endTime: 2, duration: 1, entryType: 'resource' }] } }, timestamp: time });
    }
    if (time > checkout) {
      // rrweb's checkoutEveryNms: the same page snapshotted again.
      await write({ type: 4, data: { href: 'https://shop.example/search?q=bolts', width: 1440, height: 900 }, timestamp: time });
      await write({ type: 2, data: snapshot(), timestamp: time + 3 });
      checkout = time + 600_000;
    }
  }
  out.end(']');
  await new Promise<void>((resolve) => out.once('close', () => resolve()));
  return stats;
}

interface Measurement {
  readonly operation: string;
  readonly medianMs: number;
  readonly peakRssMb: number;
  readonly peakHeapMb: number;
  readonly note: string;
}

/** Runs in the worker process: one operation `runs` times; prints a Measurement as JSON. */
async function worker(operation: string, file: string, runs: number): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
  let peakHeap = 0;
  const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 5);
  const times: number[] = [];
  let note = '';
  for (let run = 0; run < runs; run++) {
    gc();
    const started = performance.now();
    if (operation === 'read') {
      note = `${(await readFile(file)).length.toLocaleString('en')} bytes`;
    } else if (operation === 'json-parse') {
      const events = JSON.parse(await readFile(file, 'utf8')) as unknown[];
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      note = `${events.length.toLocaleString('en')} events`;
    } else if (operation === 'import') {
      const { fixture, warnings } = await importRrwebFile(file);
      const counts = new Map<string, number>();
      for (const event of fixture.events) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
      note = `${fixture.events.length.toLocaleString('en')} derived (${[...counts].map(([type, count]) => `${count} ${type}`).join(', ')}); ${warnings.length} warning kind(s)`;
    }
    times.push(performance.now() - started);
  }
  clearInterval(sampler);
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  times.sort((a, b) => a - b);
  const measurement: Measurement = {
    operation,
    medianMs: times[Math.floor(times.length / 2)] ?? 0,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    peakHeapMb: peakHeap / 2 ** 20,
    note,
  };
  process.stdout.write(`${JSON.stringify(measurement)}\n`);
}

// The import again with V8's old space capped: it still completes, which shows the memory it
// needs does not follow the file's size (uncapped, V8 simply collects later).
const CAPPED_HEAP_MB = 64;

function measure(operation: string, file: string, runs: number): Measurement {
  const flags = operation === 'import-capped' ? [`--max-old-space-size=${CAPPED_HEAP_MB}`] : [];
  const worker = operation === 'import-capped' ? 'import' : operation;
  const output = execFileSync(process.execPath, ['--expose-gc', ...flags, '--import', 'tsx', THIS_FILE, '--worker', worker, file, String(runs)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Measurement;
}

const LABELS: Record<string, string> = {
  idle: 'node + tsx, doing nothing',
  read: 'read the file (baseline)',
  'json-parse': 'read + JSON.parse (baseline)',
  import: 'recap import rrweb (streaming)',
  'import-capped': `  the same, old space ≤ ${CAPPED_HEAP_MB} MB`,
};

/** `npm run bench` entry: generates recordings of a tenth of the target size and of the target size, measures, prints figures. */
export async function runImportBenchmark(): Promise<void> {
  const directory = path.join(tmpdir(), 'recap-bench');
  mkdirSync(directory, { recursive: true });
  console.log(`\n## rrweb import: streaming a recording vs reading and JSON.parse of the same file`);
  console.log(
    `(synthetic rrweb 2 recordings: a full snapshot of ~4,000 nodes, a re-snapshot every 10 min, mutations, mouse-move batches, clicks, ` +
      `typing, scrolls, console and network events; median of ${RUNS} runs; each operation in its own process; ` +
      `peak RSS is the whole process's; peak heap is sampled every 5 ms and includes garbage not yet collected)`,
  );
  console.log(`\n${'file'.padEnd(30)} ${'operation'.padEnd(31)} ${'ms'.padStart(7)} ${'MB/s'.padStart(7)} ${'peak RSS MB'.padStart(12)} ${'peak heap MB'.padStart(13)}  notes`);
  for (const size of [TARGET_MB / 10, TARGET_MB]) {
    const file = path.join(directory, `rrweb-${size}mb.json`);
    const stats = await writeRecording(file, size * 1_000_000);
    const megabytes = statSync(file).size / 1_000_000;
    const label = `${megabytes.toFixed(1)} MB, ${stats.events.toLocaleString('en')} events`;
    for (const operation of ['idle', 'read', 'json-parse', 'import', 'import-capped']) {
      const result = measure(operation, file, operation === 'idle' ? 1 : RUNS);
      const rate = operation === 'idle' ? '' : (megabytes / (result.medianMs / 1000)).toFixed(1);
      console.log(
        `${(operation === 'idle' ? label : '').padEnd(30)} ${(LABELS[operation] ?? operation).padEnd(31)} ${(operation === 'idle' ? '' : result.medianMs.toFixed(0)).padStart(7)} ${rate.padStart(7)} ${result.peakRssMb.toFixed(0).padStart(12)} ${result.peakHeapMb.toFixed(0).padStart(13)}  ${result.note}`,
      );
    }
    console.log(
      `${''.padEnd(30)} (${stats.snapshots} full snapshots, ${stats.mutations.toLocaleString('en')} mutations, ${stats.moves.toLocaleString('en')} mouse-move batches, ${stats.clicks.toLocaleString('en')} clicks)`,
    );
  }
}

if (process.argv[2] === '--worker' && path.resolve(process.argv[1] ?? '') === THIS_FILE) {
  await worker(process.argv[3] ?? '', process.argv[4] ?? '', Number(process.argv[5] ?? 1));
}
