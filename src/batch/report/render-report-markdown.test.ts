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
    repaired: 0,
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

  it('refuses every link that is not http, https or a path, and one a character reference would turn into javascript:', () => {
    for (const appUrl of ['file:///etc/passwd', 'ms-msdt:/id PCWDiagnostic', '//evil.test/share']) {
      expect(render([{ session_id: 'u:1', file: 'a.json', app_url: appUrl }]), appUrl).toContain('[u:1](#)');
    }
    // A renderer decodes references in a destination: `&#58;` would be a colon, `&amp;` is an ampersand again.
    expect(render([{ session_id: 'u:1', file: 'a.json', app_url: 'javascript&#58;alert(1)' }])).toContain('[u:1](javascript&amp;#58;alert%281%29)');
    expect(render([{ session_id: 'u:1', file: 'a.json', app_url: 'https://app.test/s?a=1&b=2' }])).toContain('[u:1](https://app.test/s?a=1&amp;b=2)');
  });

  it('shows control and bidi characters of labels, code spans and links as escapes: nothing retitles the terminal or reorders the text', () => {
    const hidden = 'ok\u001b]0;owned\u0007 invoice\u202efdp.exe \u0085';
    const base = data([{ session_id: `u:${hidden}`, file: 'a.json', app_url: `https://app.test/${hidden}` }]);
    const markdown = renderReportMarkdown(
      { ...base, totals: { ...base.totals, failures: [{ value: hidden, count: 1, sessions: base.totals.failures[0]!.sessions }] }, unread: [{ file: hidden, message: hidden }] },
      { title: 'recap report', sources: [hidden], hrefFor: (ref) => ref.app_url ?? ref.file, summary: { text: hidden, model: 'm', unknownSessions: [] } },
    );
    expect(markdown).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(markdown).toContain('| ok\\u001b\\]0;owned\\u0007 invoice\\u202efdp.exe \\u0085 | 1 |');
    expect(markdown).toContain('From `ok\\u001b]0;owned\\u0007 invoice\\u202efdp.exe \\u0085`.');
    expect(markdown).toContain('(https://app.test/ok%1B%5D0;owned%07%20invoice%E2%80%AEfdp.exe%20%C2%85)');
  });

  it('writes a character reference in a label as text, not as the character it names', () => {
    const markdown = renderReportMarkdown({ ...data([]), totals: { ...data([]).totals, failures: [{ value: 'invoice&#x202e;fdp.exe &lt;b&gt;', count: 1, sessions: [] }] } }, { title: 't', sources: [], hrefFor: (ref) => ref.file });
    expect(markdown).toContain('| invoice&amp;#x202e;fdp.exe &amp;lt;b&amp;gt; | 1 |');
  });

  it("quotes the model's summary: no image, link, link definition or heading of its own, no line a GitHub runner would run", () => {
    const text = [
      'Users fail at checkout [u-1:s-1].',
      '![pixel](http://evil.test/p.png) ![ref][p] [click](javascript:alert(1)) [x][p] [p]',
      '[p]: http://evil.test/ref.png',
      '## Totals',
      'Fake',
      '===',
      '| sessions | 0 |',
      '::error file=ci.yml,line=1::fake',
      '   ::set-output name=deploy::true',
      '<img src=x> &#x202e; \u001b[2J',
    ].join('\n');
    const markdown = renderReportMarkdown(data([{ session_id: 'u:1', file: 'a.json' }]), { title: 'recap report', sources: ['r.jsonl'], hrefFor: (ref) => ref.file, summary: { text, model: 'm', unknownSessions: [] } });
    const summary = markdown.split('## Summary\n\n')[1]!.split('\n\n## ')[0]!.split('\n').slice(2);
    expect(summary).toEqual([
      '> Users fail at checkout [u-1:s-1].',
      '> ![pixel]\\(http://evil.test/p.png) ![ref]\\[p] [click]\\(javascript:alert(1)) [x]\\[p] [p]',
      '> [p]\\: http://evil.test/ref.png',
      '> \\## Totals',
      '> Fake',
      '> \\===',
      '> | sessions | 0 |',
      '> ::error file=ci.yml,line=1::fake',
      '>    ::set-output name=deploy::true',
      '> &lt;img src=x&gt; &amp;#x202e; \\u001b[2J',
    ]);
    expect(markdown.split('\n').filter((line) => /^\s*::/.test(line))).toEqual([]);
  });
});
