// `recap report` over results and sessions an attacker wrote: a visitor typed the labels, a
// prompt-injected model wrote the answers, a forged results line carries the links. The HTML page
// (in headless Chromium) runs nothing, fetches nothing, links nowhere but http(s) and the session
// files, and shows no text reordered by bidi controls; the Markdown shows no control character.

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

const HOSTILE = [
  '</style></title><script>window.__pwned=1</script>',
  '<svg onload="window.__pwned=2"><image href="http://evil.test/svg.png"/></svg>',
  '" onmouseover="window.__pwned=3" x="',
  'invoice\u202efdp.exe',
  'a\u2066b\u2069 x\u0085y\u009bz',
  'ok\u001b]0;owned\u0007 \u001b]52;c;cHduZWQ=\u0007',
  '![t](http://evil.test/md.png) [c](javascript:alert(1)) &#x202e;',
];
/** Links a forged results line can carry; none may stay a link. */
const APP_URLS = ['java\u202escript:alert(1)', 'file://evil.test/share/x', 'ms-msdt:/id PCWDiagnostic', '//evil.test/share', 'javascript&#58;alert(1)'];
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'recap-report-hostile-'));
  await mkdir(path.join(work, 's'));
  const event = (type: string, second: number, fields: Record<string, unknown>) => ({ type, timestamp: `2026-11-20T10:00:${String(second).padStart(2, '0')}Z`, ...fields });
  const lines: unknown[] = [];
  for (const n of [0, 1, 2, 3, 4, 5]) {
    const events = HOSTILE.flatMap((text) => [event('rage-click', 1, { target: { selector: text } }), event('console-error', 2, { message: text })]);
    await writeFile(path.join(work, 's', `${n}.json`), JSON.stringify({ id: `u-${n}:s-${n}`, events: [...events, event('navigate', 3, { url: `https://shop.test/${HOSTILE[0]}` })] }));
    const app = n < APP_URLS.length ? { app_url: APP_URLS[n] } : {};
    const result = { response: { goal: HOSTILE[n % HOSTILE.length], score: n === 0 ? 1e308 : -1e308 }, response_schema: { type: 'OBJECT', properties: { goal: { type: 'STRING' }, score: { type: 'NUMBER' } } } };
    const grounding = { score: 1, findings: [], unsupported: [], dropped: [] };
    lines.push({ session_id: `u-${n}:s-${n}`, file: `s/${n}.json`, ...app, result, grounding, tokens: { prompt: 10, output: 1, total: 11 }, model: HOSTILE[5], ms: Number.MAX_SAFE_INTEGER });
  }
  await writeFile(path.join(work, 'results.jsonl'), lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
});

describe('recap report of hostile results', () => {
  it('writes Markdown with every control and bidi character as an escape and no link to a refused target', async () => {
    const run = await runCli(['report', 'results.jsonl'], { cwd: work });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(CONTROL);
    expect(run.stdout).toContain('invoice\\u202efdp.exe');
    for (const index of [0, 1, 2, 3]) expect(run.stdout).not.toMatch(new RegExp(`\\[u-${index}:s-${index}\\]\\((?!#\\))`));
    // A reference stays text: a renderer reads `&amp;#58;` as `&#58;`, a relative path.
    expect(run.stdout).toContain('[u-4:s-4](javascript&amp;#58;alert%281%29)');
    expect(run.stdout).not.toMatch(/[^\\]!\[/);
  });

  it("prints a session id of a results line on stderr with its control and bidi characters as escapes", async () => {
    // The file now holds another session than its line names: the warning quotes the line's id.
    const line = { session_id: `u-9:${HOSTILE[5]}\u202e`, file: 's/0.json', result: { summary: 'ok' }, tokens: { prompt: 1, output: 1, total: 2 }, model: 'm', ms: 1 };
    await writeFile(path.join(work, 'forged.jsonl'), `${JSON.stringify(line)}\n`);
    const run = await runCli(['report', 'forged.jsonl'], { cwd: work });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('not u-9:ok\\u001b]0;owned\\u0007');
    expect(run.stderr).not.toMatch(CONTROL);
  });

  const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  it('writes an HTML page that runs and fetches nothing, links only to the sessions, and shows no reordered text or NaN', async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`Chromium is needed for this test but ${CHROMIUM} does not exist: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH`);
    const run = await runCli(['report', 'results.jsonl', '--output', 'report.html'], { cwd: work });
    expect(run.code, run.stderr).toBe(0);
    const html = await readFile(path.join(work, 'report.html'), 'utf8');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
      const pageUrl = 'http://recap-report.test/report.html';
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await page.route('**/*', (route) => (route.request().url() === pageUrl ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }) : route.abort()));
      await page.goto(pageUrl, { waitUntil: 'load' });
      await page.evaluate(`for (const element of document.querySelectorAll('*')) element.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }))`);
      expect(requests).toEqual([pageUrl]);
      expect(await page.evaluate('window.__pwned ?? null')).toBeNull();
      // Every link resolves to the page's own folder: `#`, a session file, or a relative path such as `javascript&#58;alert(1)`.
      const links = await page.evaluate<string[]>(`Array.from(document.querySelectorAll('a[href]'), (a) => a.href)`);
      expect(links.length).toBeGreaterThan(0);
      expect(links.filter((href) => !href.startsWith('http://recap-report.test/'))).toEqual([]);
      const text = await page.evaluate<string>(`document.body.innerText + Array.from(document.querySelectorAll('[title], svg title'), (element) => element.getAttribute('title') ?? element.textContent).join('')`);
      expect(text).not.toMatch(CONTROL);
      expect(text).toContain('invoicefdp.exe');
      expect(text).not.toMatch(/NaN|Infinity/);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    } finally {
      await browser.close();
    }
  });
});
