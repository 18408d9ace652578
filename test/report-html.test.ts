// The HTML report (renderReportHtml) in Node and in headless Chromium: self-contained (no script,
// no request but the page's own), escaped, every chart drawn with one visible bar per non-zero
// count, readable at 375 px without horizontal scrolling, and still drawn when printed; and the
// page `recap report` writes for the results of a real `recap run` (offline model) drawn whole.

import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { readResultsFile } from '../src/batch/results-file.js';
import { buildReport } from '../src/batch/report/build-report.js';
import { PATTERN_KINDS, type Pattern, type PatternKind, type ReportData, type SessionRef } from '../src/batch/report/report-data.js';
import { renderReportHtml, type HtmlReportOptions } from '../src/batch/report/render-report-html.js';

import { runCli } from './support/run-cli.js';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Example sessions a real run summarises for the last browser case. */
const EXAMPLE_SESSIONS = ['checkout-abandon.json', 'form-validation-errors.json', 'search-dead-clicks.json', 'multi-tab.json'];

const HOSTILE = '<script>alert("x")</script>';
const AMPERSAND = `Tom & "Jerry's" <b>`;
const LONG = 'button.checkout-form__submit-button--primary[data-testid="place-order-final-step"]';

const refs = (prefix: string, count: number): SessionRef[] =>
  Array.from({ length: count }, (_, index) => ({ session_id: `${prefix}-${index + 1}`, file: `sessions/${prefix}-${index + 1}.json` }));

const noPatterns = (): Record<PatternKind, Pattern[]> => ({ rage_clicks: [], dead_clicks: [], error_clicks: [], failing_requests: [], console_errors: [], exit_pages: [] });

/** Everything at once: hostile labels, a null cost, grounding, each field kind, patterns, unread sessions. */
const full: ReportData = {
  totals: {
    sessions: 42,
    ok: 38,
    failed: 4,
    failures: [
      { value: HOSTILE, count: 3, sessions: refs('fail', 3) },
      { value: 'rate_limited', count: 1, sessions: [{ session_id: 'hostile-link', file: 'sessions/x.json', app_url: 'javascript:alert(1)' }] },
    ],
    repaired: 0,
    tokens: { prompt: 120_000, output: 8_500, total: 128_500, estimated: true },
    cost: { usd: null, models: ['gpt-4o', 'mystery & <model>'], unpriced: ['mystery & <model>'] },
    ms: { total: 754_000, median: 17_500 },
  },
  grounding: {
    scored: 30,
    mean: 0.8125,
    buckets: [
      { label: '1', count: 20, sessions: refs('g1', 20) },
      { label: '0.75 – 1', count: 7, sessions: refs('g2', 7) },
      { label: '0.5 – 0.75', count: 0, sessions: [] },
      { label: '< 0.5', count: 3, sessions: refs('g4', 3) },
    ],
    unsupported: 5,
    dropped: 2,
  },
  structured: 38,
  fields: [
    {
      path: 'friction[].kind',
      kind: 'enum',
      answered: 38,
      values: [
        { value: 'slow_page', count: 30, sessions: refs('slow', 30) },
        { value: AMPERSAND, count: 4, sessions: refs('amp', 4) },
        { value: LONG, count: 1, sessions: refs('long', 1) },
        { value: 'never', count: 0, sessions: [] },
      ],
    },
    {
      path: 'goal',
      kind: 'text',
      answered: 36,
      distinct: 31,
      top: [
        { value: 'buy a gift card', count: 3, sessions: refs('gift', 3) },
        { value: `${HOSTILE} ${LONG}`, count: 2, sessions: refs('goal', 2) },
      ],
    },
    {
      path: 'satisfaction',
      kind: 'number',
      answered: 35,
      min: 1,
      max: 10,
      mean: 6.4,
      bins: [
        { from: 1, to: 2.8, count: 4, sessions: refs('s1', 4) },
        { from: 2.8, to: 4.6, count: 0, sessions: [] },
        { from: 4.6, to: 6.4, count: 9, sessions: refs('s3', 9) },
        { from: 6.4, to: 8.2, count: 12, sessions: refs('s4', 12) },
        { from: 8.2, to: 10, count: 10, sessions: refs('s5', 10) },
      ],
    },
  ],
  patterns: {
    ...noPatterns(),
    rage_clicks: [{ label: LONG, count: 61, sessions: refs('rage', 25) }],
    failing_requests: [{ label: `POST /api/cart?x=1&y="2" → 500`, count: 9, sessions: refs('req', 4) }],
    console_errors: [{ label: HOSTILE, count: 3, sessions: refs('console', 3) }],
    exit_pages: [{ label: '/checkout', count: 12, sessions: refs('exit', 12) }],
  },
  minSessions: 3,
  unread: [{ file: 'sessions/<moved>.json', message: 'ENOENT: no such file & no backup' }],
  read: 41,
};

/** The least report: nothing failed, nothing grounded, no fields, no patterns. */
const empty: ReportData = {
  totals: {
    sessions: 1,
    ok: 1,
    failed: 0,
    failures: [],
    repaired: 0,
    tokens: { prompt: 900, output: 100, total: 1000, estimated: false },
    cost: { usd: 0.0021, models: ['gpt-4o-mini'], unpriced: [] },
    ms: { total: 850, median: 850 },
  },
  grounding: undefined,
  structured: 0,
  fields: [],
  patterns: noPatterns(),
  minSessions: 2,
  unread: [],
  read: 1,
};

/** Many histogram bins and a bar standing for many sessions. */
const wide: ReportData = {
  ...empty,
  totals: { ...empty.totals, sessions: 300, failed: 30, failures: [{ value: 'timeout', count: 30, sessions: refs('timeout', 30) }] },
  structured: 300,
  fields: [
    {
      path: 'duration_seconds',
      kind: 'number',
      answered: 300,
      min: 0,
      max: 250_000,
      mean: 12_345.678,
      bins: Array.from({ length: 25 }, (_, index) => ({ from: index * 10_000, to: (index + 1) * 10_000, count: index % 4 === 0 ? 0 : index * 3, sessions: refs(`d${index}`, index % 4 === 0 ? 0 : 2) })),
    },
  ],
};

const hrefFor = (ref: SessionRef) => ref.app_url ?? `../${ref.file}?id="${ref.session_id}"&view=<all>`;

const fullOptions: HtmlReportOptions = {
  title: `recap report: profiles/${HOSTILE}.yaml`,
  sources: ['results/run-1.jsonl', `results/${AMPERSAND}.jsonl`],
  hrefFor,
  summary: {
    text: `Most sessions stall on the <b>checkout</b> page & give up.\nSee rage-1.\n\nA second paragraph citing ghost-9.`,
    model: 'gpt-4o <latest>',
    unknownSessions: ['ghost-9', `${HOSTILE}-id`],
  },
};

const cases: readonly { readonly name: string; readonly data: ReportData; readonly options: HtmlReportOptions }[] = [
  { name: 'full', data: full, options: fullOptions },
  { name: 'empty', data: empty, options: { title: 'recap report: empty', sources: [], hrefFor } },
  { name: 'wide', data: wide, options: { title: 'recap report: wide', sources: ['results/wide.jsonl'], hrefFor } },
];

/** The counts of each chart's bars, in page order, as the data says they should be drawn. */
function expectedCharts(data: ReportData): number[][] {
  const charts: number[][] = [];
  if (data.totals.failures.length > 0) charts.push(data.totals.failures.map((item) => item.count));
  if (data.grounding !== undefined) charts.push(data.grounding.buckets.map((bucket) => bucket.count));
  for (const field of data.fields) {
    if (field.kind === 'enum') charts.push(field.values.map((item) => item.count));
    if (field.kind === 'text') charts.push(field.top.map((item) => item.count));
    if (field.kind === 'number') charts.push(field.bins.map((bin) => bin.count));
  }
  return charts;
}

describe('renderReportHtml as text', () => {
  it('has no script and nothing fetched from elsewhere', () => {
    for (const { data, options } of cases) {
      const html = renderReportHtml(data, options);
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/<(link|img|iframe|object|embed|video|audio|source)\b/i);
      // Stricter than "no http(s) in src=, url( or @import": the page has none of them at all.
      expect(html).not.toMatch(/\bsrc\s*=|url\(|@import/i);
      expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    }
  });

  it('escapes hostile labels, links and the model text', () => {
    const html = renderReportHtml(full, fullOptions);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;');
    expect(html).toContain('href="../sessions/fail-1.json?id=&quot;fail-1&quot;&amp;view=&lt;all&gt;"');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('the &lt;b&gt;checkout&lt;/b&gt; page &amp; give up.<br>See rage-1.</p><p>A second paragraph citing ghost-9.</p>');
    expect(html).toContain('Written by the model <code>gpt-4o &lt;latest&gt;</code>');
  });

  it('shows the sections in order with their words', () => {
    const html = renderReportHtml(full, fullOptions);
    const order = ['<h2>Totals</h2>', '<h2>Grounding</h2>', '<h2>Summary</h2>', '<h2>Responses</h2>', '<h2>Patterns</h2>', '<h2>Sessions not read for patterns</h2>'];
    const positions = order.map((heading) => html.indexOf(heading));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const headings = ['Rage-clicked elements', 'Dead-clicked elements', 'Error clicks', 'Failing requests', 'Console errors', 'Pages where sessions end'].map((words) => html.indexOf(`<h3>${words}</h3>`));
    expect([...headings].sort((a, b) => a - b)).toEqual(headings);
    expect(headings[0]).toBeGreaterThan(positions[4] ?? 0);
    expect(html).toContain('unknown: mystery &amp; &lt;model&gt; not in the price table');
    expect(html).toContain('none recurs in ≥ 3 sessions');
    expect(html).toContain('31 distinct values');
    expect(html).toMatch(/class="warning"[^>]*>.*ghost-9/);
    expect(html).toContain('and 15 more'); // 25 rage-click sessions, 10 links
    expect(html).toContain('ENOENT: no such file &amp; no backup');
  });

  it('leaves out Grounding, Summary and unread sessions when there are none', () => {
    const html = renderReportHtml(empty, cases[1]!.options);
    expect(html).not.toContain('<h2>Grounding</h2>');
    expect(html).not.toContain('<h2>Summary</h2>');
    expect(html).not.toContain('Sessions not read for patterns');
    expect(html).toContain('$0.0021');
    expect(html.match(/none recurs in ≥ 2 sessions/g)).toHaveLength(PATTERN_KINDS.length);
  });

  it('lists at most 20 sessions under a bar', () => {
    const html = renderReportHtml(wide, cases[2]!.options);
    expect(html).toContain('timeout-20<');
    expect(html).not.toContain('timeout-21<');
    expect(html).toContain('and 10 more');
  });

  it('cuts long labels with an ellipsis and keeps the full label in a title', () => {
    const html = renderReportHtml(full, fullOptions);
    expect(html).toMatch(/<text class="chart-label"[^>]*>button\.checkout-for…<\/text>/);
    expect(html).toContain(`<title>${LONG.replace(/"/g, '&quot;')}: 1</title>`);
  });

  it('gives the same page for the same data', () => {
    expect(renderReportHtml(full, fullOptions)).toBe(renderReportHtml(full, fullOptions));
  });
});

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** An address only the test's route answers: the page never reaches the network. */
const PAGE_URL = 'http://recap-report.test/report.html';

interface ChartBox {
  readonly label: string | null;
  readonly width: number;
  readonly height: number;
  readonly visible: boolean;
  readonly bars: readonly { readonly count: number; readonly width: number; readonly height: number }[];
}

/** Serves `html` at PAGE_URL, refuses every other request, and returns the URLs the page asked for. */
async function open(page: Page, html: string): Promise<string[]> {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.route('**/*', (route) => (route.request().url() === PAGE_URL ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }) : route.abort()));
  await page.goto(PAGE_URL, { waitUntil: 'load' });
  return requests;
}

// The code run inside the page is a string: this project compiles without the DOM library, so
// functions that touch `document` would not type-check here.

/** Each `svg.chart` in page order: its box, whether it is shown, and its bars' counts and boxes. */
const CHART_BOXES = `Array.from(document.querySelectorAll('svg.chart'), (svg) => {
  const box = svg.getBoundingClientRect();
  const style = getComputedStyle(svg);
  return {
    label: svg.getAttribute('aria-label'),
    width: box.width,
    height: box.height,
    visible: style.display !== 'none' && style.visibility !== 'hidden' && Number(style.opacity) > 0,
    bars: Array.from(svg.querySelectorAll('rect.bar'), (rect) => {
      const bar = rect.getBoundingClientRect();
      return { count: Number(rect.getAttribute('data-count')), width: bar.width, height: bar.height };
    }),
  };
})`;

const charts = (page: Page) => page.evaluate<ChartBox[]>(CHART_BOXES);

function expectDrawn(found: readonly ChartBox[], data: ReportData): void {
  expect(found.map((chart) => chart.bars.map((bar) => bar.count))).toEqual(expectedCharts(data));
  for (const chart of found) {
    expect(chart.visible, `${chart.label} visible`).toBe(true);
    expect(chart.width, `${chart.label} width`).toBeGreaterThan(0);
    expect(chart.height, `${chart.label} height`).toBeGreaterThan(0);
    for (const bar of chart.bars.filter((item) => item.count > 0)) {
      expect(bar.width, `a bar of ${chart.label}`).toBeGreaterThan(0);
      expect(bar.height, `a bar of ${chart.label}`).toBeGreaterThan(0);
    }
  }
}

describe('renderReportHtml in Chromium', () => {
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(`Chromium is needed for the HTML report's browser test but ${CHROMIUM} does not exist: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH to its executable`);
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  for (const { name, data, options } of cases) {
    it(`draws every chart of the ${name} report and requests nothing but the page`, async () => {
      const page = await browser!.newPage({ viewport: { width: 1024, height: 800 } });
      const requests = await open(page, renderReportHtml(data, options));
      expect(requests).toEqual([PAGE_URL]);
      expect(await page.locator('script').count()).toBe(0);
      expectDrawn(await charts(page), data);
      await page.close();
    });

    it(`fits the ${name} report in a 375 px wide screen and keeps its charts when printed`, async () => {
      const page = await browser!.newPage({ viewport: { width: 375, height: 740 } });
      await open(page, renderReportHtml(data, options));
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      const phone = await charts(page);
      expectDrawn(phone, data);
      for (const chart of phone) expect(chart.width).toBeLessThanOrEqual(375);
      await page.emulateMedia({ media: 'print' });
      expectDrawn(await charts(page), data);
      const background = await page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
      expect(['rgba(0, 0, 0, 0)', 'rgb(255, 255, 255)']).toContain(background);
      await page.close();
    });
  }

  it('draws every chart of the page recap report writes for a real recap run, and requests nothing but the page', async () => {
    // A few example sessions and a broken one, summarised by the offline model, then reported.
    const work = await mkdtemp(path.join(tmpdir(), 'recap-report-html-'));
    await mkdir(path.join(work, 'sessions'));
    for (const name of EXAMPLE_SESSIONS) await copyFile(path.join(REPOSITORY, 'sessions-fixtures', name), path.join(work, 'sessions', name));
    await writeFile(path.join(work, 'sessions', 'broken.json'), '{"id": 3\n');
    const run = await runCli(['run', path.join(REPOSITORY, 'profiles', 'plain-summary.yaml'), 'sessions', '--output', 'results.jsonl'], { cwd: work });
    expect(run.code, run.stderr).toBe(1);
    const report = await runCli(['report', 'results.jsonl', '--output', 'report.html'], { cwd: work });
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toBe('wrote report.html: 5 sessions (1 failed)\n');
    expect(report.stderr).toBe('');
    const html = await readFile(path.join(work, 'report.html'), 'utf8');
    const data = buildReport((await readResultsFile(path.join(work, 'results.jsonl'))).lines);
    // The failure and the grounding of the four answers: two charts, every session in one bar.
    expect(expectedCharts(data).map((counts) => counts.reduce((sum, count) => sum + count, 0))).toEqual([1, EXAMPLE_SESSIONS.length]);
    const page = await browser!.newPage({ viewport: { width: 1024, height: 800 } });
    const requests = await open(page, html);
    expect(requests).toEqual([PAGE_URL]);
    expect(await page.locator('script').count()).toBe(0);
    expectDrawn(await charts(page), data);
    // The patterns were read from the sessions, and the sessions are linked beside the results.
    expect(await page.locator('h2', { hasText: 'Patterns' }).count()).toBe(1);
    expect(await page.locator('a[href="sessions/checkout-abandon.json"]').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('shows hostile labels as text, not as markup', async () => {
    const page = await browser!.newPage();
    await open(page, renderReportHtml(full, fullOptions));
    expect(await page.title()).toBe(fullOptions.title);
    expect(await page.locator('script, b').count()).toBe(0);
    expect(await page.locator('summary', { hasText: HOSTILE }).count()).toBeGreaterThan(0);
    expect(await page.locator('svg.chart title', { hasText: `${LONG}: 1` }).count()).toBe(1);
    expect(await page.locator('a[href^="javascript"]').count()).toBe(0);
    await page.close();
  });
});
