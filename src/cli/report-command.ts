// `recap report <results.jsonl>...`: the report of many-session results, as Markdown (stdout or
// report.md), HTML (report.html) or JSON (docs/many-sessions.md#the-report).

import path from 'node:path';
import { createModel, isProvider } from '../models/create-model.js';
import { ModelError } from '../models/model-errors.js';
import { lineFilePath } from '../batch/line-file-path.js';
import type { ResultLine } from '../batch/result-line.js';
import { ResultsFileError } from '../batch/results-file.js';
import { scanResultsFile } from '../batch/scan-results-file.js';
import { loadManySession } from '../batch/load-many-session.js';
import { PrivacyRulesError } from '../privacy/privacy-rules-error.js';
import type { LoadedPrivacyRules } from '../privacy/load-privacy-rules.js';
import { createReportBuilder } from '../batch/report/build-report.js';
import type { SessionRef } from '../batch/report/report-data.js';
import { renderReportMarkdown } from '../batch/report/render-report-markdown.js';
import type { ReportSummary } from '../batch/report/summarize-report.js';
import { withPrintableStderr, type CliIo } from './cli-io.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import { reportOutputProblem, type RunInput } from './report-output-problem.js';
import { reportPrivacyRules } from './report-privacy.js';
import { mixedSetupsWarning, setupReplacements } from './setup-replacements.js';
import { UsageError } from './usage-error.js';
import { plainWholeNumber } from './plain-whole-number.js';
import { unusedModelFlags } from './unused-model-flags.js';
import { terminalJson } from './terminal-json.js';
import { writeFileReplacing } from '../files/write-file-replacing.js';

export interface ReportOptions {
  readonly output?: string;
  readonly json?: boolean;
  readonly summarize?: boolean;
  readonly minSessions?: string;
  readonly privacy?: string;
  readonly provider?: string;
  readonly model?: string;
  readonly baseUrl?: string;
  readonly cassettes?: string;
}

/** Failures of the file itself: the session has no events to read for the patterns. */
const FILE_FAILURES = new Set(['unreadable_file', 'invalid_session']);

function minSessionsOf(value: string | undefined): number {
  if (value === undefined) return 2;
  const parsed = plainWholeNumber(value);
  if (parsed === undefined || parsed < 1) throw new UsageError(`--min-sessions: expected a whole number of at least 1, got ${JSON.stringify(value)}`);
  return parsed;
}

function formatOf(options: ReportOptions): 'markdown' | 'html' | 'json' {
  if (options.output === undefined) return options.json === true ? 'json' : 'markdown';
  const extension = path.extname(options.output).toLowerCase();
  const format = extension === '.html' || extension === '.htm' ? 'html' : extension === '.md' || extension === '.markdown' ? 'markdown' : extension === '.json' ? 'json' : undefined;
  // --json and a file named for another format contradict each other: never JSON in report.html.
  if (options.json === true && format !== 'json') {
    throw new UsageError(`--output ${options.output}: --json writes JSON; give a .json file, or leave out --json to write ${format === undefined ? 'a .md or .html file' : 'this one'}`);
  }
  if (format === undefined) throw new UsageError(`--output ${options.output}: expected a .md, .html or .json file`);
  return format;
}

/** The files a report reads: the results files, the sessions their lines name (where their run read them, from here and beside the results file), the privacy rules. */
function reportInputs(files: readonly string[], lines: Iterable<{ line: ResultLine; base: string; source: string; sessionPath: string }>, rules: LoadedPrivacyRules | undefined, cwd: string): RunInput[] {
  const inputs: RunInput[] = files.map((file) => ({ path: path.resolve(cwd, file), role: `the results file ${file}` }));
  for (const { line, base, source, sessionPath } of lines) {
    const role = `the session file ${line.file} (of a line in ${source})`;
    inputs.push({ path: sessionPath, role }, { path: path.resolve(cwd, line.file), role }, { path: path.resolve(base, line.file), role });
  }
  if (rules !== undefined) inputs.push({ path: path.resolve(cwd, rules.file), role: `the privacy rules ${rules.file}` });
  return inputs;
}

/** Runs the command; returns the exit code. */
export async function reportCommand(files: readonly string[], options: ReportOptions, processIo: CliIo): Promise<number> {
  // Warnings and errors quote session ids of results lines and ids the summary cites.
  const io = withPrintableStderr(processIo);
  try {
    const format = formatOf(options);
    const builder = createReportBuilder({ minSessions: minSessionsOf(options.minSessions) });
    // Named rules are read first: a file that does not load stops the report before any work.
    const namedRules = options.privacy === undefined ? undefined : await reportPrivacyRules(options.privacy, [], io.cwd);
    // The last line of each session file wins, across files too (a later file, a later run).
    // Sessions are told apart by where their file is: two results files may name different
    // sessions alike (`sessions/visit.json` of two run folders), and runs made from two folders
    // name one file differently.
    const latest = new Map<string, { line: ResultLine; base: string; source: string; sessionPath: string }>();
    const replaced = setupReplacements();
    for (const file of files) {
      const resultsPath = path.resolve(io.cwd, file);
      const base = path.dirname(resultsPath);
      // Line by line as the file is read: only the last line of each session is kept.
      const content = await scanResultsFile(
        resultsPath,
        async (line) => {
          const sessionPath = await lineFilePath(line, resultsPath, io.cwd);
          // A session found elsewhere (where its run ran, beside its results file) is named from here, as it is read and linked.
          const named = sessionPath === path.resolve(io.cwd, line.file) ? line : { ...line, file: path.relative(io.cwd, sessionPath).split(path.sep).join('/') };
          const earlier = latest.get(sessionPath);
          if (earlier !== undefined) replaced.note(earlier, { line, source: file });
          latest.set(sessionPath, { line: named, base, source: file, sessionPath });
        },
        { source: file },
      );
      if (content.lineCount === 0 && content.cutOffLine === undefined) {
        const { stat } = await import('node:fs/promises');
        if ((await stat(path.resolve(io.cwd, file)).catch(() => undefined)) === undefined) throw new UsageError(`${file}: no such results file`);
        io.stderr.write(`warning: ${file} holds no result line\n`);
      }
      if (content.cutOffLine !== undefined) io.stderr.write(`warning: ${file}:${content.cutOffLine} is cut off (an interrupted run) and is left out\n`);
    }
    for (const warning of replaced.warnings()) io.stderr.write(`warning: ${warning}\n`);
    const mixed = mixedSetupsWarning(latest.values());
    if (mixed !== undefined) io.stderr.write(`warning: ${mixed}\n`);
    // A report of nothing would read as a run without failures.
    if (latest.size === 0) throw new UsageError(`${files.join(', ')}: no result line to report (results files are written by recap run ... --output results.jsonl)`);
    // Without --privacy, the rules the results were made under (privacy.yaml next to their profile).
    const loadedRules = namedRules ?? (await reportPrivacyRules(undefined, latest.values(), io.cwd));
    const rules = loadedRules?.rules;
    if (options.output !== undefined) {
      // Before any work: the report never replaces a results file or a session it reads.
      const problem = await reportOutputProblem(options.output, io.cwd, reportInputs(files, latest.values(), loadedRules, io.cwd));
      if (problem !== undefined) throw new UsageError(`--output ${options.output}: ${problem}`);
    }
    // With privacy rules, a session id shows as the prompt showed it (`[email]:s-1`): in the
    // report, and in the prompt of --summarize.
    const { redactText } = rules === undefined ? { redactText: undefined } : await import('../privacy/redact-text.js');
    // A server's line names its session by id in `file` too (it has no file): shown as the id is.
    const shown = (line: ResultLine): ResultLine => {
      if (redactText === undefined || rules === undefined || line.session_id === undefined) return line;
      const id = redactText(line.session_id, rules, new Map());
      return { ...line, session_id: id, ...(line.file === line.session_id ? { file: id } : {}) };
    };
    const entries = [...latest.values()].map((entry) => ({ ...entry, recorded: entry.line, line: shown(entry.line) }));
    const lines = entries.map((entry) => entry.line);
    const { redactSession } = rules === undefined ? { redactSession: undefined } : await import('../privacy/redact-session.js');
    const shownId = (id: string) => (redactText === undefined || rules === undefined ? id : redactText(id, rules, new Map()));
    for (const { line, recorded, sessionPath, source } of entries) {
      if ('error' in line && FILE_FAILURES.has(line.error.code)) {
        // Counted as a failure; there are no events to read.
        builder.add(line);
        continue;
      }
      const loaded = await loadManySession(sessionPath, line.file, { quoteValues: rules === undefined });
      if (loaded.ok && recorded.session_id !== undefined && loaded.session.id !== recorded.session_id) {
        // The file was replaced since the run (a re-import, a checkout): its events are another session's.
        const message = `${line.file} now holds the session ${shownId(loaded.session.id)}, not ${shownId(recorded.session_id)} that its line in ${source} names`;
        io.stderr.write(`warning: ${message}; that session is left out of the patterns\n`);
        builder.add(line, { unread: `${message} (the file was replaced since the run)` });
      } else if (loaded.ok) builder.add(line, redactSession === undefined || rules === undefined ? loaded.session : redactSession(loaded.session, rules).session);
      // The message names the file and where it was looked for: a server's line names it by its session's id.
      else builder.add(line, { unread: redactText === undefined || rules === undefined ? loaded.message : redactText(loaded.message, rules, new Map()) });
    }
    const data = builder.build();
    if (data.unread.length > 0) io.stderr.write(`warning: ${data.unread.length} session(s) could not be read for the patterns (listed in the report); patterns are from the other ${data.read}\n`);

    let summary: ReportSummary | undefined;
    if (options.summarize === true) summary = await summarize(options, io, lines, data);

    const outputDir = options.output === undefined ? io.cwd : path.dirname(path.resolve(io.cwd, options.output));
    // A relative URL: each path segment percent-encoded, so that `#`, `?`, `%` and spaces stay part of the name.
    const hrefFor = (ref: SessionRef): string =>
      ref.app_url ??
      path
        .relative(outputDir, path.resolve(io.cwd, ref.file))
        .split(path.sep)
        .map(encodeURIComponent)
        .join('/');
    const render = { title: 'recap report', sources: files, hrefFor, summary };
    let text: string;
    if (format === 'json') text = `${terminalJson(summary === undefined ? data : { ...data, summary }, 2)}\n`;
    else if (format === 'html') {
      const { renderReportHtml } = await import('../batch/report/render-report-html.js');
      text = renderReportHtml(data, render);
    } else text = renderReportMarkdown(data, render);
    if (options.output === undefined) io.stdout.write(text);
    else {
      // Whole or not at all: a run killed while it writes leaves the earlier report as it was.
      await writeFileReplacing(path.resolve(io.cwd, options.output), text);
      io.stdout.write(`wrote ${options.output}: ${data.totals.sessions} sessions (${data.totals.failed} failed)\n`);
    }
    if (summary !== undefined && summary.unknownSessions.length > 0) {
      io.stderr.write(`error: the summary cites ${summary.unknownSessions.length} session(s) not in the results: ${summary.unknownSessions.join(', ')} (marked in the report)\n`);
      return EXIT_FAILED;
    }
    return EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ResultsFileError || error instanceof PrivacyRulesError) {
      io.stderr.write(`${error instanceof UsageError ? 'error: ' : ''}${error.message}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof ModelError) {
      io.stderr.write(`${error.provider}: ${error.message}\n`);
      return EXIT_FAILED;
    }
    io.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILED;
  }
}

async function summarize(options: ReportOptions, io: CliIo, lines: readonly ResultLine[], data: Parameters<typeof import('../batch/report/summarize-report.js').summarizeReport>[2]): Promise<ReportSummary> {
  if (options.provider !== undefined && !isProvider(options.provider)) throw new UsageError(`unknown provider "${options.provider}" (expected gemini, openai, extractive or replay)`);
  const model = await createModel({
    provider: options.provider as never,
    model: options.model,
    baseUrl: options.baseUrl,
    cassettes: options.cassettes === undefined ? undefined : path.resolve(io.cwd, options.cassettes),
    env: io.env,
  }).catch((error: unknown) => {
    throw error instanceof ModelError ? new UsageError(`${error.provider}: ${error.message}`) : error;
  });
  const unused = unusedModelFlags(model.provider, options);
  if (unused !== undefined) io.stderr.write(`${unused}\n`);
  const { summarizeReport } = await import('../batch/report/summarize-report.js');
  try {
    return await summarizeReport(model, lines, data);
  } catch (error) {
    if (error instanceof Error && !(error instanceof ModelError)) throw new UsageError(error.message);
    throw error;
  }
}
