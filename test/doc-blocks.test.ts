// The doc test's machinery: which blocks run, what they must print, and how a page's blocks run
// (shared shell state, exit statuses, merged output, timeouts, background processes, the server).

import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { blockFailure, extractDocBlocks, findMissingLine, isRunnable, type DocBlock } from './support/doc-blocks.js';
import { headingAnchors, relativeLinks } from './support/doc-links.js';
import { PageRun, type PageServer } from './support/doc-page-run.js';
import { createDocWorkspace } from './support/doc-workspace.js';

const page = (...lines: string[]) => `${lines.join('\n')}\n`;
const expectedTexts = (block: DocBlock | undefined) => block?.expected.map((line) => line.text);

describe('extracting blocks', () => {
  it('numbers a block by the line of its opening fence and keeps its language and attributes', () => {
    const blocks = extractDocBlocks(page('# Title', '', '```sh no-run', 'npx recap studio', '```', '', '```js exit=3', 'process.exit(3)', '```'), 'docs/x.md');
    expect(blocks.map((block) => [block.line, block.language, block.noRun, block.exit])).toEqual([
      [3, 'sh', true, 0],
      [7, 'js', false, 3],
    ]);
    expect(blocks[1]?.code).toBe('process.exit(3)\n');
  });

  it('runs sh and js blocks only, and never a no-run block', () => {
    const blocks = extractDocBlocks(
      page('```sh', 'a', '```', 'x', '```js', 'b', '```', 'x', '```sh no-run', 'c', '```', 'x', '```bash', 'd', '```', 'x', '```yaml', 'e: 1', '```', 'x', '```', 'f', '```'),
      'p.md',
    );
    expect(blocks.filter(isRunnable).map((block) => block.code)).toEqual(['a\n', 'b\n']);
  });

  it('takes `#> ` lines of an sh block as expected output and leaves them out of the script', () => {
    const [block] = extractDocBlocks(page('```sh', 'echo hi', '#> hi', '#>', 'echo "#> not output"', '```'), 'p.md');
    expect(block?.code).toBe('echo hi\necho "#> not output"\n');
    expect(block?.expected).toEqual([
      { text: 'hi', line: 3 },
      { text: '', line: 4 },
    ]);
  });

  it('takes a text or json block right after a runnable block (blank lines between) as its output', () => {
    const blocks = extractDocBlocks(page('```sh', 'echo a', '#> a', '```', '', '', '```text', 'b', '```', '```json', '{}', '```'), 'p.md');
    expect(blocks.map((block) => block.language)).toEqual(['sh', 'json']);
    expect(expectedTexts(blocks[0])).toEqual(['a', 'b']);
  });

  it('does not take a block after a sentence, or after a block that does not run by language, as output', () => {
    const blocks = extractDocBlocks(page('```sh', 'echo a', '```', 'The output:', '```text', 'b', '```', '```yaml', 'c: 1', '```', '```text', 'd', '```'), 'p.md');
    expect(blocks.map((block) => block.language)).toEqual(['sh', 'text', 'yaml', 'text']);
    expect(blocks[0]?.expected).toEqual([]);
  });

  it('keeps the output block of a no-run block with it (shown, never checked)', () => {
    const blocks = extractDocBlocks(page('```sh no-run', 'npx recap serve', '```', '```text', 'listening on http://127.0.0.1:8080', '```'), 'p.md');
    expect(blocks).toHaveLength(1);
    expect(isRunnable(blocks[0] as DocBlock)).toBe(false);
  });

  it('reads a longer fence whole, with shorter fences inside it, and strips the indentation of a fence in a list', () => {
    const blocks = extractDocBlocks(page('````text', '```sh', 'echo nested', '```', '````', '- item', '  ```sh', '  echo indented', '  ```'), 'p.md');
    expect(blocks.map((block) => [block.language, block.code])).toEqual([
      ['text', '```sh\necho nested\n```\n'],
      ['sh', 'echo indented\n'],
    ]);
  });

  it('refuses an unknown attribute and an unclosed fence, naming page and line', () => {
    expect(() => extractDocBlocks(page('```sh no_run', 'x', '```'), 'docs/a.md')).toThrow('docs/a.md:1: unknown block attribute "no_run"');
    expect(() => extractDocBlocks(page('text', '```sh', 'x'), 'docs/a.md')).toThrow('docs/a.md:2: this fence is never closed');
  });
});

describe('matching expected lines', () => {
  const lines = (...texts: string[]) => texts.map((text, index) => ({ text, line: index + 1 }));

  it('passes when the expected lines appear in order among the output lines', () => {
    expect(findMissingLine(lines('b', 'd'), 'a\nb\nc\nd\n')).toBeUndefined();
  });

  it('fails on a wrong line, naming it and the output line after which it was looked for', () => {
    expect(findMissingLine(lines('b', 'x', 'd'), 'a\nb\nc\nd\n')).toEqual({ expected: { text: 'x', line: 2 }, after: 2 });
  });

  it('fails when the lines are there in another order', () => {
    expect(findMissingLine(lines('d', 'b'), 'a\nb\nc\nd\n')?.expected.text).toBe('b');
  });

  it('matches whole lines, literally, except ... and … which match any text', () => {
    expect(findMissingLine(lines('ok'), 'not ok\n')).toBeDefined();
    expect(findMissingLine(lines('a.c'), 'abc\n')).toBeDefined();
    expect(findMissingLine(lines('tokens    ~... (estimate)'), 'tokens    ~1103 (estimate)\n')).toBeUndefined();
    expect(findMissingLine(lines('{"id":"u-…","uid":null}'), '{"id":"u-f8f8","uid":null}\n')).toBeUndefined();
    expect(findMissingLine(lines('[x] (y) $z ^w'), '[x] (y) $z ^w\n')).toBeUndefined();
  });

  it('ignores trailing spaces on both sides, empty expected lines and lines that are only ...', () => {
    expect(findMissingLine(lines('a  ', '', '...', 'b'), 'a\nb   \n')).toBeUndefined();
    expect(findMissingLine(lines('a', '...'), 'a\n')).toBeUndefined();
  });
});

describe('failure messages', () => {
  const block = (expected: string[], exit = 0): DocBlock => ({
    page: 'docs/cli.md',
    line: 42,
    language: 'sh',
    attributes: [],
    noRun: false,
    exit,
    code: 'true\n',
    expected: expected.map((text, index) => ({ text, line: 44 + index })),
  });

  it('names page and line and the exit status, with the output', () => {
    expect(blockFailure(block([]), { status: 1, output: 'boom\n' })).toBe('docs/cli.md:42: exit 1, expected 0\n--- output ---\nboom\n--- end of output ---');
  });

  it('names the missing expected line, where the page shows it and where in the output it was looked for', () => {
    expect(blockFailure(block(['one', 'three']), { status: 0, output: 'one\ntwo\n' })).toBe(
      'docs/cli.md:42: expected output line "three" (docs/cli.md:45) not found (after line 1 of the output)\n--- output ---\none\ntwo\n--- end of output ---',
    );
  });

  it('passes a block that ends as the page says and prints what it shows', () => {
    expect(blockFailure(block(['two'], 2), { status: 2, output: 'one\ntwo\n' })).toBeUndefined();
    expect(blockFailure(block([], 2), { status: 0, output: '' })).toMatch(/^docs\/cli\.md:42: exit 0, expected 2/);
  });

  it('reports a timeout', () => {
    expect(blockFailure(block([]), { status: undefined, output: 'partial', timedOutAfterMs: 60_000 })).toMatch(/^docs\/cli\.md:42: timed out after 60 s\n--- output ---\npartial\n/);
  });
});

describe('links between pages', () => {
  it('finds relative links outside code, with their anchors', () => {
    const markdown = page('See [cli](cli.md#exit-codes) and [x](https://example.com).', '`[not](a.md)`', '```text', '[no](b.md)', '```', '[here](#top)');
    expect(relativeLinks(markdown)).toEqual([
      { target: 'cli.md', anchor: 'exit-codes', line: 1 },
      { target: '', anchor: 'top', line: 6 },
    ]);
  });

  it("gives headings GitHub's anchors", () => {
    const anchors = headingAnchors(page('## Response schemas and results', '### `recap run <profile.yaml>`', '## Keys', '## Keys', '```sh', '# not a heading', '```'));
    expect([...anchors]).toEqual(['response-schemas-and-results', 'recap-run-profileyaml', 'keys', 'keys-1']);
  });
});

describe('running a page', () => {
  const folders: string[] = [];
  const runs: PageRun[] = [];
  afterEach(async () => {
    await Promise.all(runs.splice(0).map((run) => run.close()));
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  const open = (options: { timeoutMs?: number; startServer?: () => Promise<PageServer>; env?: Record<string, string> } = {}) => {
    const root = mkdtempSync(path.join(tmpdir(), 'recap-doc-run-'));
    folders.push(root);
    const directory = path.join(root, 'work');
    const scratch = path.join(root, 'runner');
    mkdirSync(directory);
    mkdirSync(scratch);
    const run = new PageRun({
      directory,
      scratch,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: root, ...options.env },
      blockTimeoutMs: options.timeoutMs ?? 20_000,
      ...(options.startServer === undefined ? {} : { startServer: options.startServer }),
    });
    runs.push(run);
    return { run, directory };
  };
  const sh = (code: string, line = 1): DocBlock => ({ page: 'p.md', line, language: 'sh', attributes: [], noRun: false, exit: 0, code, expected: [] });

  it('carries variables, functions and the working directory of an sh block over to the next ones', async () => {
    const { run, directory } = open();
    expect((await run.run(sh('KEY=abc\ngreet() { echo "hello $1"; }\nmkdir -p sub && cd sub\n'))).status).toBe(0);
    const outcome = await run.run(sh('echo "$KEY" "$PWD"\ngreet again\n'));
    expect(outcome.output).toBe(`abc ${path.join(directory, 'sub')}\nhello again\n`);
  });

  it('runs with bash -e -o pipefail and the environment given, nothing else', async () => {
    process.env.GEMINI_API_KEY_FOR_DOC_TEST = 'leak';
    try {
      const { run } = open({ env: { NO_COLOR: '1' } });
      expect((await run.run(sh('false | true\necho not reached\n'))).status).toBe(1);
      const outcome = await run.run(sh('echo "[${GEMINI_API_KEY_FOR_DOC_TEST:-}] [$NO_COLOR]"\n'));
      expect(outcome.output).toBe('[] [1]\n');
    } finally {
      delete process.env.GEMINI_API_KEY_FOR_DOC_TEST;
    }
  });

  it('merges stdout and stderr in the order they were written, and returns the exit status', async () => {
    const { run } = open();
    const outcome = await run.run(sh('echo one\necho two >&2\necho three\nexit 3\n'));
    expect(outcome).toEqual({ status: 3, output: 'one\ntwo\nthree\n' });
  });

  it('runs a js block as an ES module with node', async () => {
    const { run } = open();
    const outcome = await run.run({ ...sh(''), language: 'js', code: "import { basename } from 'node:path';\nconsole.log(basename(import.meta.url).endsWith('.mjs'));\n" });
    expect(outcome).toEqual({ status: 0, output: 'true\n' });
  });

  it('kills a block that runs past the timeout', async () => {
    const { run } = open({ timeoutMs: 500 });
    const started = Date.now();
    const outcome = await run.run(sh('echo started\nsleep 30\n'));
    expect(outcome).toEqual({ status: undefined, output: 'started\n', timedOutAfterMs: 500 });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('does not wait for background processes, and stops them when the page ends', async () => {
    const { run, directory } = open();
    const outcome = await run.run(sh('sleep 30 &\necho $! > sleeper.pid\necho done\n'));
    expect(outcome).toEqual({ status: 0, output: 'done\n' });
    const pid = Number(readFileSync(path.join(directory, 'sleeper.pid'), 'utf8'));
    expect(() => process.kill(pid, 0)).not.toThrow();
    await run.close();
    // The sleeper's new parent reaps it in its own time: wait for that, within a generous bound.
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (const deadline = Date.now() + 10_000; alive() && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alive()).toBe(false);
  });

  it('starts the server for the first block that mentions localhost:8080 and points the block at it', async () => {
    let started = 0;
    let stopped = 0;
    const server = createServer((_request, response) => response.end('pong\n'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { run } = open({
        startServer: async () => {
          started += 1;
          return { address, stop: async () => void (stopped += 1) };
        },
      });
      await run.run(sh('echo no server yet\n'));
      expect(started).toBe(0);
      const outcome = await run.run(sh('echo localhost:8080\ncurl -s localhost:8080/ping\n'));
      expect(outcome).toEqual({ status: 0, output: `${address}\npong\n` });
      await run.run(sh('curl -s http://localhost:8080/again\n'));
      expect(started).toBe(1);
      await run.close();
      expect(stopped).toBe(1);
    } finally {
      server.close();
    }
  });

  it('names the block when the server does not start', async () => {
    const { run } = open({ startServer: () => Promise.reject(new Error('port in use')) });
    await expect(run.run(sh('curl localhost:8080\n', 12))).rejects.toThrow("p.md:12: the page's server did not start: port in use");
  });
});

describe('the folder a page runs in', () => {
  it('holds the example data, runs `npx recap` from this checkout and resolves `recap` for js blocks', async () => {
    const workspace = createDocWorkspace();
    const run = new PageRun({ directory: workspace.directory, scratch: workspace.scratch, env: workspace.env, blockTimeoutMs: 30_000 });
    try {
      for (const folder of ['profiles', 'sessions-fixtures', 'suites/.recap/cassettes', 'suites/__snapshots__', 'schemas', 'recordings/rrweb']) {
        expect(existsSync(path.join(workspace.directory, folder)), folder).toBe(true);
      }
      writeFileSync(path.join(workspace.directory, 'empty.yaml'), '');
      const cli = await run.run({ page: 'p.md', line: 1, language: 'sh', attributes: [], noRun: false, exit: 0, code: 'npx recap validate empty.yaml\necho "[${GEMINI_API_KEY:-}${CI:-}]"\n', expected: [] });
      expect(cli).toMatchObject({ status: 0, output: expect.stringContaining('[]') });
      const library = await run.run({ page: 'p.md', line: 2, language: 'js', attributes: [], noRun: false, exit: 0, code: "import { parseProfile } from 'recap';\nconsole.log(typeof parseProfile);\n", expected: [] });
      expect(library).toEqual({ status: 0, output: 'function\n' });
    } finally {
      await run.close();
      workspace.remove();
    }
  }, 60_000);
});
