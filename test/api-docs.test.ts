// The library reference check (`npm run docs:check`): TypeDoc with the options of typedoc.json,
// run through its API as the CLI runs it with `--emit none`. It must fail on an undocumented
// export, and pass on src/index.ts as it is.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Application, Logger, LogLevel, TSConfigReader, TypeDocReader } from 'typedoc';

const root = path.resolve(import.meta.dirname, '..');

/** Keeps what TypeDoc logs at warning level and above instead of printing it. */
class CollectingLogger extends Logger {
  readonly problems: string[] = [];

  override log(message: string, level: LogLevel): void {
    super.log(message, level);
    if (level >= LogLevel.Warn) this.problems.push(message);
  }
}

interface CheckResult {
  /** What the CLI would decide: no errors, and no warnings either when they count as errors. */
  readonly passed: boolean;
  readonly problems: readonly string[];
}

/** `typedoc --options <file> --emit none`: convert and validate, emit nothing. */
async function checkApiDocs(optionsFile: string): Promise<CheckResult> {
  const app = await Application.bootstrapWithPlugins({ options: optionsFile }, [
    new TypeDocReader(),
    new TSConfigReader(),
  ]);
  // Option problems are logged during bootstrap, to the logger it starts with.
  const bootstrapProblems = app.logger.errorCount + app.logger.warningCount;
  const logger = new CollectingLogger();
  app.logger = logger;
  const project = await app.convert();
  if (project !== undefined) app.validate(project);
  const warningsFail = app.options.getValue('treatWarningsAsErrors') && logger.hasWarnings();
  return {
    passed: bootstrapProblems === 0 && project !== undefined && !logger.hasErrors() && !warningsFail,
    problems: logger.problems,
  };
}

const probeDirectory = mkdtempSync(path.join(tmpdir(), 'recap-api-docs-'));
afterAll(() => rmSync(probeDirectory, { recursive: true, force: true }));

describe('the library reference check (npm run docs:check)', () => {
  it('fails on an export without a doc comment and names it', { timeout: 60_000 }, async () => {
    writeFileSync(path.join(probeDirectory, 'package.json'), JSON.stringify({ name: 'recap-api-docs-probe', type: 'module' }));
    writeFileSync(
      path.join(probeDirectory, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, types: [] },
        include: ['index.ts'],
      }),
    );
    writeFileSync(
      path.join(probeDirectory, 'index.ts'),
      [
        '/** Says hello. */',
        'export function documentedGreeting(): string {',
        "  return 'hello';",
        '}',
        '',
        'export function undocumentedExport(value: string): string {',
        '  return value;',
        '}',
        '',
      ].join('\n'),
    );

    // The project's options, with only the entry point and its tsconfig replaced.
    writeFileSync(
      path.join(probeDirectory, 'typedoc.json'),
      JSON.stringify({ extends: [path.join(root, 'typedoc.json')], entryPoints: ['index.ts'], tsconfig: 'tsconfig.json' }),
    );

    const result = await checkApiDocs(path.join(probeDirectory, 'typedoc.json'));

    expect(result.passed).toBe(false);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(/undocumentedExport\b.*does not have any documentation/);
  });

  it('passes on src/index.ts: every export documented, every linked name exported', { timeout: 60_000 }, async () => {
    const result = await checkApiDocs(path.join(root, 'typedoc.json'));

    expect(result.problems).toEqual([]);
    expect(result.passed).toBe(true);
  });
});
