import { describe, expect, it } from 'vitest';
import { renderReportMarkdown } from './render-report-markdown.js';
import { PATTERN_KINDS, type Pattern, type PatternKind, type ReportData, type SessionRef } from './report-data.js';

const HOSTILE = '<script>alert(1)</script> | a\nb `c` [x](javascript:alert(2))';

const noPatterns = () => Object.fromEntries(PATTERN_KINDS.map((kind) => [kind, [] as Pattern[]])) as Record<PatternKind, Pattern[]>;

const data = (sessions: SessionRef[]): ReportData => ({
  totals: {
    sessions: 2,
    ok: 1,
    failed: 1,
    failures: [{ value: HOSTILE, count: 1, sessions }],
    tokens: { prompt: 10, output: 5, total: 15, estimated: false },
    cost: { usd: null, models: [HOSTILE], unpriced: [HOSTILE] },
    ms: { total: 10, median: 10 },
  },
  grounding: undefined,
  structured: 0,
  fields: [],
  patterns: noPatterns(),
  minSessions: 2,
  unread: [],
  read: 0,
});

const render = (sessions: SessionRef[], hrefFor = (ref: SessionRef) => ref.app_url ?? ref.file) =>
  renderReportMarkdown(data(sessions), { title: 'recap report', sources: ['results.jsonl'], hrefFor });

/** The rows of the Totals table. */
const totalsRows = (markdown: string) => markdown.split('## Totals')[1]!.split('\n\n')[1]!.split('\n');

describe('renderReportMarkdown', () => {
  it('escapes failure codes and model names in the Totals table: no raw HTML, no broken row', () => {
    const rows = totalsRows(render([{ session_id: 'u:1', file: 'a.json' }]));
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row).toMatch(/^\|.*\|$/);
    const text = rows.join('\n');
    expect(text).not.toContain('<script>');
    expect(text).not.toMatch(/[^\\]\| a/);
    expect(text).not.toMatch(/[^\\]\[x[^\\]*\]\(javascript:/);
  });

  it('never links to a javascript:, vbscript: or data: URL, however it is written', () => {
    for (const appUrl of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)']) {
      const markdown = render([{ session_id: 'u:1', file: 'a.json', app_url: appUrl }]);
      expect(markdown, appUrl).toContain('[u:1](#)');
    }
  });

  it('keeps a link in one table cell and one Markdown destination whatever the characters of its path', () => {
    const markdown = render([{ session_id: 'u:1', file: 'odd dir/a|b (1)<2>.json' }]);
    expect(markdown).toContain('[u:1](odd%20dir/a%7Cb%20%281%29%3C2%3E.json)');
  });

  it('does not encode a percent sign twice: the link is a URL already', () => {
    expect(render([{ session_id: 'u:1', file: 'a%23b.json' }])).toContain('[u:1](a%23b.json)');
  });

  it('keeps field paths, results files, unread files and the summary in their place: no raw HTML, no new heading', () => {
    const odd = 'a`b\n# Injected <img src=x onerror=alert(1)>';
    const base = data([{ session_id: 'u:1', file: 'a.json' }]);
    const markdown = renderReportMarkdown(
      {
        ...base,
        structured: 1,
        fields: [{ path: odd, kind: 'enum', answered: 1, values: [{ value: 'v', count: 1, sessions: [{ session_id: 'u:1', file: 'a.json' }] }] }],
        unread: [{ file: odd, message: 'file not found' }],
      },
      { title: 'recap report', sources: [odd], hrefFor: (ref) => ref.file, summary: { text: `Most sessions fail. ${odd.replace('\n', ' ')}`, model: odd, unknownSessions: [odd] } },
    );
    expect(markdown).not.toMatch(/^# Injected/m);
    // Inside a code span HTML is text; elsewhere it is escaped.
    const code = '``a`b # Injected <img src=x onerror=alert(1)>``';
    expect(markdown).toContain(`### ${code}`);
    expect(markdown).toContain(`From ${code}.`);
    expect(markdown).toContain(`- ${code}: file not found`);
    expect(markdown).toContain('Most sessions fail. a`b # Injected &lt;img src=x onerror=alert(1)&gt;');
    expect(markdown.replaceAll(code, '')).not.toContain('<img');
  });
});
