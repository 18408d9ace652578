// The doc test: every runnable block of README.md and docs/*.md runs against the built CLI and
// library of this checkout, and must end as the page says and print the lines the page shows.
// Conventions: docs/development.md, "The doc test". One test per block, named `page:line`.

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockFailure, extractDocBlocks, isRunnable } from './support/doc-blocks.js';
import { headingAnchors, relativeLinks } from './support/doc-links.js';
import { PageRun } from './support/doc-page-run.js';
import { createDocWorkspace, REPOSITORY, startDocServer, type DocWorkspace } from './support/doc-workspace.js';

const BLOCK_TIMEOUT_MS = 60_000;

const pages = [
  'README.md',
  ...readdirSync(path.join(REPOSITORY, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
const text = (page: string) => readFileSync(path.join(REPOSITORY, page), 'utf8');

describe('what the doc test needs', () => {
  it('the CLI is built (npm run build; npm test builds it before vitest)', () => {
    expect(existsSync(path.join(REPOSITORY, 'dist', 'cli', 'recap.cjs')), 'dist/cli/ is missing: run `npm run build`').toBe(true);
  });

  it.each(['bash', 'curl', 'jq'])('%s is installed (npm test installs curl and jq from Debian as root)', (tool) => {
    expect(() => execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }), `${tool} is not on PATH: install it (Debian: apt-get install ${tool})`).not.toThrow();
  });
});

describe('the pages', () => {
  it('README.md stays a short entry: at most 300 lines', () => {
    expect(text('README.md').split('\n').length).toBeLessThanOrEqual(300);
  });

  it('README.md links every page of docs/', () => {
    const linked = new Set(relativeLinks(text('README.md')).map((link) => link.target));
    expect(pages.filter((page) => page !== 'README.md' && !linked.has(page))).toEqual([]);
  });

  it.each(pages)('%s: every relative link reaches a file, and a heading when it names one', (page) => {
    const broken = relativeLinks(text(page))
      .filter((link) => {
        const file = link.target === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), link.target));
        if (!existsSync(path.join(REPOSITORY, file))) return true;
        return link.anchor !== undefined && file.endsWith('.md') && !headingAnchors(text(file)).has(link.anchor);
      })
      .map((link) => `${page}:${link.line} ${link.target}${link.anchor === undefined ? '' : `#${link.anchor}`}`);
    expect(broken).toEqual([]);
  });

  it('docs/library.md names every export of the library (its table of exports stays whole)', async () => {
    const library = (await import(pathToFileURL(path.join(REPOSITORY, 'dist', 'index.js')).href)) as Record<string, unknown>;
    const page = text('docs/library.md');
    expect(Object.keys(library).filter((name) => !page.includes(`\`${name}\``))).toEqual([]);
  });

  it.each(pages)('%s: shell examples are `sh` blocks (other languages never run)', (page) => {
    const misnamed = extractDocBlocks(text(page), page)
      .filter((block) => ['bash', 'shell', 'console', 'zsh'].includes(block.language))
      .map((block) => `${page}:${block.line}`);
    expect(misnamed).toEqual([]);
  });
});

for (const page of pages) {
  const blocks = extractDocBlocks(text(page), page).filter(isRunnable);
  if (blocks.length === 0) continue;
  describe(page, () => {
    let workspace: DocWorkspace | undefined;
    let run: PageRun | undefined;

    beforeAll(() => {
      workspace = createDocWorkspace();
      const opened = workspace;
      run = new PageRun({
        directory: opened.directory,
        scratch: opened.scratch,
        env: opened.env,
        blockTimeoutMs: BLOCK_TIMEOUT_MS,
        startServer: () => startDocServer(opened),
      });
    });

    afterAll(async () => {
      await run?.close();
      workspace?.remove();
    }, 30_000);

    for (const block of blocks) {
      it(`${page}:${block.line}`, async () => {
        const failure = blockFailure(block, await (run as PageRun).run(block));
        if (failure !== undefined) throw new Error(failure);
      }, BLOCK_TIMEOUT_MS + 30_000);
    }
  });
}
