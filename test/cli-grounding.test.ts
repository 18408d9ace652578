// Grounding in `recap run` with a model (the local Gemini stand-in): --json carries the report,
// the human output names unsupported and dropped claims, and `llm.grounding: require` repairs an
// answer once, naming its claims, then fails it (exit 1, a grounding error in the result).

import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geminiAnswer, startGeminiStandIn, type GeminiStandIn } from './support/gemini-stand-in.js';
import { runCli } from './support/run-cli.js';

const session = {
  id: 'u-1:s-1',
  events: [
    { type: 'navigate', timestamp: '2026-03-01T10:00:00Z', url: 'https://shop.example/cart' },
    { type: 'element-seen', timestamp: '2026-03-01T10:00:01Z', target: { selector: 'div#promo', text: 'Spring sale' } },
    { type: 'click', timestamp: '2026-03-01T10:00:05Z', target: { selector: 'button#apply', text: 'Apply coupon' } },
    { type: 'dead-click', timestamp: '2026-03-01T10:00:09Z', target: { selector: 'span.total', text: '€138.90' } },
  ],
};
const PROFILE = 'llm:\n  pre_prompt: "Summarise; cite events as #index."\nevents:\n  exclude_types: [element-seen]\n';
/**
 * Invents an event (#9), a URL and a count, and cites an event the profile dropped (#1);
 * `clicked "Apply coupon"` is a click claim of its own (kept), besides the quote.
 */
const INVENTED = 'The user clicked "Apply coupon" (#2), saw the promo (#1), made 3 dead clicks, opened https://shop.example/account and #9.';
const GROUNDED = 'The user clicked "Apply coupon" (#2) and made one dead click (#3).';

let standIn: GeminiStandIn;
let directory: string;
let env: Record<string, string>;
beforeAll(async () => {
  standIn = await startGeminiStandIn({ apiKey: 'test-key' });
  env = { GEMINI_API_KEY: 'test-key', GOOGLE_GEMINI_BASE_URL: standIn.url };
  directory = await mkdtemp(path.join(tmpdir(), 'recap-grounding-'));
  await writeFile(path.join(directory, 'session.json'), JSON.stringify(session));
  await writeFile(path.join(directory, 'report.yaml'), PROFILE);
  await writeFile(path.join(directory, 'require.yaml'), PROFILE.replace('llm:\n', 'llm:\n  grounding: require\n'));
  await writeFile(path.join(directory, 'off.yaml'), PROFILE.replace('llm:\n', 'llm:\n  grounding: off\n'));
});
afterAll(async () => standIn.close());

const run = (...argv: string[]) => runCli(['run', ...argv, 'session.json', '--provider', 'gemini'], { cwd: directory, env });

describe('recap run grounds the answer', () => {
  it('adds the report to --json: score, findings, unsupported and dropped', async () => {
    standIn.enqueue(INVENTED);
    const result = await run('report.yaml', '--json');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as { grounding: { score: number; unsupported: { text: string }[]; dropped: { text: string; event: number }[]; findings: unknown[] } };
    expect(output.grounding.unsupported.map((finding) => finding.text)).toEqual(['3 dead clicks', 'https://shop.example/account', '#9']);
    expect(output.grounding.dropped).toEqual([expect.objectContaining({ kind: 'event', text: '#1', event: 1, verdict: 'dropped' })]);
    expect(output.grounding.score).toBe(0.429);
  });

  it('prints the score and names each unsupported and dropped claim', async () => {
    standIn.enqueue(INVENTED);
    const result = await run('report.yaml');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('grounding 0.429 (3 of 7 claims supported by the prompt, 3 unsupported, 1 dropped by the profile)');
    expect(result.stdout).toContain('  event    "#9" at ');
    expect(result.stdout).toContain(": the session has no event #9 (it has 4: #0 to #3)");
    expect(result.stdout).toContain("  event    \"#1\" at 53..55: #1 is in the session, but the profile's event types leave it out");
  });

  it('with grounding: require, repairs once naming the claims, and accepts a grounded repair', async () => {
    standIn.enqueue(INVENTED, GROUNDED);
    const before = standIn.requests.length;
    const result = await run('require.yaml', '--json');
    // The answer printed is the repair's: stderr says so, and why.
    expect(result.stderr).toMatch(/^warning: repaired: the answer before the repair request held claims the session does not support \(llm\.grounding: require\): .*3 dead clicks/);
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(result.code).toBe(0);
    const repair = JSON.stringify(standIn.requests[before + 1]?.body);
    expect(repair).toContain('Your answer makes claims that the session data does not support');
    expect(repair).toContain('3 dead clicks');
    const output = JSON.parse(result.stdout) as { result: { summary: string }; usage: { attempts: number }; repairs: { reason: string }[]; grounding: { score: number } };
    expect(output.result.summary).toBe(GROUNDED);
    expect(output.repairs.map(({ reason }) => reason)).toEqual(['grounding']);
    expect(output.grounding.score).toBe(1);
  });

  it('with grounding: require, fails an answer still unsupported after the repair: exit 1 and a grounding error', async () => {
    standIn.enqueue(INVENTED, INVENTED);
    const human = await run('require.yaml');
    expect(human.code).toBe(1);
    expect(human.stderr).toContain('grounding: the answer claims what the session does not support, even after one repair request:');
    expect(human.stderr).toContain('- "#9" (event at ');
    standIn.enqueue(INVENTED, INVENTED);
    const json = await run('require.yaml', '--json');
    expect(json.code).toBe(1);
    const output = JSON.parse(json.stdout) as { error: { code: string }; grounding: { unsupported: unknown[] } };
    expect(output.error.code).toBe('grounding');
    expect(output.grounding.unsupported).toHaveLength(3);
  });

  it('with grounding: off, checks nothing', async () => {
    standIn.enqueue(INVENTED);
    const result = await run('off.yaml', '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).not.toHaveProperty('grounding');
  });
});

describe('recap run --output under grounding: require', () => {
  it('counts the paid answers of sessions that fail grounding in their lines, the summary and the report', async () => {
    const many = path.join(directory, 'many');
    await mkdir(many, { recursive: true });
    for (const n of [1, 2]) await writeFile(path.join(many, `s${n}.json`), JSON.stringify({ ...session, id: `u-${n}:s-${n}` }));
    const paid = () => geminiAnswer(INVENTED, { promptTokens: 100_000, outputTokens: 2_000 });
    standIn.enqueue(paid(), paid(), paid(), paid());
    const result = await runCli(['run', 'require.yaml', 'many', '--output', 'failed.jsonl', '--provider', 'gemini', '--concurrency', '1'], { cwd: directory, env });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('failed    2 (grounding 2; rerun to retry them)');
    expect(result.stdout).toContain('tokens    408,000 (400,000 prompt + 8,000 output)');
    expect(result.stdout).toContain('cost      ≈ $0.14 on gemini-2.5-flash');
    const lines = (await readFile(path.join(directory, 'failed.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const line of lines) {
      expect(line).toMatchObject({ error: { code: 'grounding' }, tokens: { prompt: 200_000, output: 4_000, total: 204_000 }, model: 'gemini-2.5-flash' });
    }
    const report = await runCli(['report', 'failed.jsonl', '--json'], { cwd: directory });
    const totals = (JSON.parse(report.stdout) as { totals: { tokens: { total: number }; cost: { usd: number } } }).totals;
    expect(totals.tokens.total).toBe(408_000);
    expect(totals.cost.usd).toBeCloseTo(0.14, 5);
  });
});

describe('recap test asserts grounding', () => {
  it('fails expect.grounded and expect.grounding naming the claims, in the pretty and JUnit reports and the GitHub annotations', async () => {
    const suite = (name: string) => `profile: report.yaml\nprovider: gemini\ncases:\n  - name: ${name}\n    session: session.json\n    expect:\n      grounded: true\n      grounding: { min_score: 0.9, max_unsupported: 0 }\n`;
    // Two folders: each suite records its own cassette of the same prompt.
    for (const name of ['invented', 'grounded']) {
      await mkdir(path.join(directory, name), { recursive: true });
      await writeFile(path.join(directory, name, `${name}.recap.yaml`), suite(name).replace('report.yaml', '../report.yaml').replace('session.json', '../session.json'));
    }
    standIn.enqueue(GROUNDED);
    const passing = await runCli(['test', 'grounded'], { cwd: directory, env });
    expect(passing.stdout).toContain('PASS  grounded/grounded.recap.yaml › grounded');
    expect(passing.code).toBe(0);
    standIn.enqueue(INVENTED);
    const result = await runCli(['test', 'invented', '--reporter', 'junit', '--output', 'junit.xml'], { cwd: directory, env });
    expect(result.code).toBe(1);
    const junit = await readFile(path.join(directory, 'junit.xml'), 'utf8');
    expect(junit).toContain('expect.grounded: 4 claim(s) not supported by the prompt (3 in no event of the session, 1 about what the profile left out; score 0.');
    expect(junit).toContain('#1 (event at 53..55: #1 is in the session, but the profile&apos;s event types leave it out)');
    expect(junit).toContain('expect.grounding.min_score: grounding score 0.429 (at least 0.9)');
    expect(junit).toContain('expect.grounding.max_unsupported: 3 unsupported claim(s) (at most 0)');
    // On GitHub Actions the same failure is an annotation on the suite file, naming the claims
    // (the answer replayed from the cassette just recorded).
    const requests = standIn.requests.length;
    const annotated = await runCli(['test', 'invented'], { cwd: directory, env: { ...env, GITHUB_ACTIONS: 'true' } });
    expect(annotated.code).toBe(1);
    expect(standIn.requests.length).toBe(requests);
    const annotations = annotated.stdout.split('\n').filter((line) => line.startsWith('::error '));
    expect(annotations).toHaveLength(1);
    const [annotation = ''] = annotations;
    expect(annotation).toMatch(/^::error file=invented\/invented\.recap\.yaml,line=4,title=recap%3A invented::/);
    expect(annotation).toContain('expect.grounded: 4 claim(s) not supported by the prompt (3 in no event of the session, 1 about what the profile left out; score 0.');
    expect(annotation).toContain('https://shop.example/account (url at ');
    expect(annotation).toContain('#9 (event at ');
    expect(annotation).toContain("#1 (event at 53..55: #1 is in the session, but the profile's event types leave it out)");
    expect(annotation).toContain('expect.grounding.max_unsupported: 3 unsupported claim(s) (at most 0)');
  });
});
