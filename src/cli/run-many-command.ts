// `recap run <profile> <session|dir|glob>... --output results.jsonl`: one profile over many
// sessions, one JSONL line per session, resumable (docs/many-sessions.md).

import { createHash } from 'node:crypto';
import { readFile, realpath } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { createModel } from '../models/create-model.js';
import { ModelError } from '../models/model-errors.js';
import { estimateCost } from '../models/prices.js';
import type { SummaryModel } from '../models/summary-model.js';
import { withGenerate } from '../models/with-generate.js';
import { createAdaptiveConcurrency, type AdaptiveConcurrency } from '../batch/adaptive-concurrency.js';
import { expandSessionPaths } from '../batch/expand-session-paths.js';
import { runFolderFrom } from '../batch/line-file-path.js';
import { loadManySession } from '../batch/load-many-session.js';
import { isResultLine, type LineRun } from '../batch/result-line.js';
import { openResultsForAppend } from '../batch/results-file.js';
import { lockResults, ResultsLockedError } from '../batch/results-lock.js';
import { summarizeMany } from '../batch/summarize-many.js';
import { prepare } from '../pipeline/prepare.js';
import type { PrivacyRules } from '../privacy/privacy-rules.js';
import type { Profile } from '../profile/profile-schema.js';
import type { CliIo } from './cli-io.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import { createManyProgress } from './many-progress.js';
import { costLine, count, writeManySummary, type ManyRunFacts } from './many-run-summary.js';
import { modelTimeoutMs } from './model-timeout.js';
import type { RunInput } from './report-output-problem.js';
import { resumeResults } from './resume-results.js';
import { runOutputProblem, withoutOutput } from './run-output-problem.js';
import type { RunOptions } from './run-command.js';
import { UsageError } from './usage-error.js';
import { plainWholeNumber } from './plain-whole-number.js';
import { unusedModelFlags } from './unused-model-flags.js';
import { resentWarning } from './resent-warning.js';
import { terminalJson } from './terminal-json.js';

const STOP_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** What run-command.ts has loaded before handing over. */
export interface ManyRunSetup {
  readonly profile: Profile;
  readonly profileFile: string;
  readonly privacy: PrivacyRules | undefined;
  /** The privacy rules' file, as the user names it, when there is one. */
  readonly privacyFile?: string | undefined;
  readonly sessionArgs: readonly string[];
  readonly options: RunOptions;
  readonly io: CliIo;
}

/** Default sessions summarized at once. */
export const DEFAULT_CONCURRENCY = 4;
/** Retries of a 429 or 5xx answer in a many-session run (more than one run's 3: a long run meets quotas). */
const MANY_RETRIES = 6;
/** Failures that are the model's, not a session's: the run stops at the first (exit 2). */
const STOPPING_CODES = new Set(['unsupported_request', 'model_unavailable']);

function concurrencyOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_CONCURRENCY;
  const parsed = plainWholeNumber(value);
  if (parsed === undefined || parsed < 1 || parsed > 256) throw new UsageError(`--concurrency: expected a whole number from 1 to 256, got ${JSON.stringify(value)}`);
  return parsed;
}

/** The files a many-session run covers; refuses many sessions without --output (results go to a file). */
export async function manySessionFiles(setup: ManyRunSetup): Promise<string[]> {
  const expanded = await expandSessionPaths(setup.sessionArgs, setup.io.cwd).catch((error: unknown) => {
    throw error instanceof Error && error.name === 'SessionPathError' ? new UsageError(error.message) : error;
  });
  const output = setup.options.output;
  const files = output === undefined ? expanded : await withoutOutput(expanded, output, setup.sessionArgs, setup.io.cwd);
  if (files.length === 0) throw new UsageError(`${setup.sessionArgs.join(' ')}: no session file besides --output ${output ?? ''}`.trimEnd());
  if (files.length > 1 && setup.options.output === undefined && setup.options.dryRun !== true) {
    throw new UsageError(
      `${files.length} sessions: the results of many sessions go to a file, not the terminal\n` +
        `hint: add --output results.jsonl (one line per session; run again with the same file to resume), then read it with recap report results.jsonl`,
    );
  }
  return files;
}

/** The files a many-session run reads: its profile, privacy rules and sessions. */
function runManyInputs(setup: ManyRunSetup, files: readonly string[]): RunInput[] {
  const { io } = setup;
  const inputs: RunInput[] = [{ path: path.resolve(io.cwd, setup.profileFile), role: `the profile ${setup.profileFile}` }];
  if (setup.privacyFile !== undefined) inputs.push({ path: path.resolve(io.cwd, setup.privacyFile), role: `the privacy rules ${setup.privacyFile}` });
  for (const file of files) inputs.push({ path: path.resolve(io.cwd, file), role: `the session file ${file}` });
  return inputs;
}

/**
 * What every line of this run records: the profile as named and the hash of its bytes, the
 * provider and model, the hash of the privacy rules' bytes (null without), and where the run runs
 * from the results file's folder (what the lines' `file` is relative to).
 */
async function lineRunOf(setup: ManyRunSetup, model: SummaryModel): Promise<LineRun> {
  const sha256 = async (file: string) => createHash('sha256').update(await readFile(path.resolve(setup.io.cwd, file))).digest('hex');
  const output = setup.options.output;
  return {
    profile: setup.profileFile,
    profile_sha256: await sha256(setup.profileFile),
    provider: model.provider,
    model: model.model,
    privacy_sha256: setup.privacyFile === undefined ? null : await sha256(setup.privacyFile),
    ...(output === undefined ? {} : { cwd: runFolderFrom(output, setup.io.cwd) }),
  };
}

async function buildModel(setup: ManyRunSetup, onPushback: (status: number) => void, onResent: () => void = () => undefined): Promise<SummaryModel> {
  const { options, io, profile } = setup;
  const model = await createModel({
    provider: options.provider as never,
    model: options.model ?? profile.llm?.model,
    baseUrl: options.baseUrl,
    cassettes: options.cassettes === undefined ? undefined : path.resolve(io.cwd, options.cassettes),
    env: io.env,
    retry: {
      retries: MANY_RETRIES,
      maxDelayMs: 60_000,
      attemptTimeoutMs: modelTimeoutMs(io.env),
      onRetry: ({ status }) => (status === 0 ? onResent() : status === 429 || status >= 500 ? onPushback(status) : undefined),
    },
  }).catch((error: unknown) => {
    throw error instanceof ModelError ? new UsageError(`${error.provider}: ${error.message}`) : error;
  });
  const unused = unusedModelFlags(model.provider, options);
  if (unused !== undefined) io.stderr.write(`${unused}\n`);
  return model;
}

/**
 * `--dry-run` over many sessions: each session's prompt tokens, the total and the cost estimate.
 * With `--output`, of what the run would do: sessions that already have a result in it are left
 * out, and a session id summarized there from another file is a duplicate.
 */
async function dryRunMany(setup: ManyRunSetup, allFiles: readonly string[], model: SummaryModel): Promise<number> {
  const { io, profile, privacy, options } = setup;
  const resume = options.output === undefined ? undefined : await resumeResults(options.output, io.cwd, await lineRunOf(setup, model));
  const files = resume === undefined ? allFiles : allFiles.filter((file) => !resume.finished.has(path.resolve(io.cwd, file)));
  const done = allFiles.length - files.length;
  const rows: { file: string; session_id?: string; tokens?: number; error?: { code: string; message: string } }[] = [];
  let total = 0;
  const seen = new Map<string, string>(resume?.summarized);
  for (const file of files) {
    const loaded = await loadManySession(path.resolve(io.cwd, file), file, { quoteValues: privacy === undefined });
    if (!loaded.ok) {
      rows.push({ file, error: { code: loaded.code, message: loaded.message } });
      continue;
    }
    // The session id as the prompt shows it (`[email]:s-1` under rules), as `recap run --dry-run` of one session shows it.
    const prepared = prepare(profile, loaded.session, { privacy });
    // As the run would: a session met in a second file is not summarized again, so it costs nothing.
    const first = seen.get(loaded.session.id);
    if (first !== undefined) {
      const where = resume?.summarized.get(loaded.session.id) === first ? `already has a result in ${options.output ?? ''}, from ${first}` : `is also in ${first}`;
      rows.push({ file, session_id: prepared.sessionId, error: { code: 'duplicate_session', message: `session ${prepared.sessionId} ${where}` } });
      continue;
    }
    seen.set(loaded.session.id, file);
    const tokens = prepared.tokens.prompt;
    total += tokens;
    rows.push({ file, session_id: prepared.sessionId, tokens });
  }
  const cost = estimateCost(model.model, total, 0);
  const failed = rows.filter((row) => row.error !== undefined).length;
  const duplicates = rows.filter((row) => row.error?.code === 'duplicate_session').length;
  if (setup.options.json === true) {
    const skipped = resume === undefined ? {} : { already_summarized: done };
    io.stdout.write(`${terminalJson({ model: model.model, sessions: rows, total_tokens: total, input_cost_usd: cost ?? null, failed, ...skipped }, 2)}\n`);
    return failed > 0 ? EXIT_FAILED : EXIT_OK;
  }
  // A loop, not Math.max(...rows): spread as arguments, 200,000 rows overflow the stack.
  const width = rows.reduce((widest, row) => Math.max(widest, row.tokens === undefined ? 0 : count(row.tokens).length), 5);
  for (const row of rows) {
    io.stdout.write(row.error === undefined ? `~${count(row.tokens ?? 0).padStart(width)}  ${row.file} (${row.session_id})\n` : `${'error'.padStart(width + 1)}  ${row.file}: ${row.error.code}: ${firstLine(row.error.message)}\n`);
  }
  const leftOut = [failed - duplicates > 0 ? `${failed - duplicates} unreadable or invalid` : '', duplicates > 0 ? `${duplicates} duplicate(s)` : ''].filter((part) => part !== '');
  io.stdout.write(`total     ~${count(total)} prompt tokens (estimate) over ${rows.length - failed} session(s)${leftOut.map((part) => `, ${part}`).join('')}\n`);
  if (done > 0) io.stdout.write(`skipped   ${done} session(s) already summarized in ${options.output ?? ''} (the run resumes after them)\n`);
  io.stdout.write(`cost      ${costLine(model.model, cost, 'prompts only; output tokens are known after the model answers')}\n`);
  return failed > 0 ? EXIT_FAILED : EXIT_OK;
}

const firstLine = (text: string) => text.split('\n')[0] ?? '';

/** Runs the profile over many sessions into `--output`; returns the exit code. */
export async function runMany(setup: ManyRunSetup): Promise<number> {
  const { io, options } = setup;
  const files = await manySessionFiles(setup);
  if (options.output !== undefined) {
    // Before any model is built: a typo costs nothing, and no input is ever appended to (a dry run
    // says so too, as the run it previews would).
    const problem = await runOutputProblem(options.output, io.cwd, runManyInputs(setup, files));
    if (problem !== undefined) throw new UsageError(`--output ${options.output}: ${problem}`);
  }
  const limiter = createAdaptiveConcurrency(concurrencyOf(options.concurrency));
  let resent = 0;
  const model = await buildModel(
    setup,
    (status) => {
      const before = limiter.limit;
      limiter.pushback();
      if (limiter.limit < before) io.stderr.write(`the model pushed back (${status}): concurrency ${before} → ${limiter.limit} until calls go through again\n`);
    },
    () => resent++,
  );
  if (options.dryRun === true) return dryRunMany(setup, files, model);

  const output = options.output as string;
  // One run at a time on a results file: two would each summarise every session. The lock is
  // named from the folder's real path, so that two spellings of one folder share it.
  const outputPath = path.resolve(io.cwd, output);
  const folder = await realpath(path.dirname(outputPath)).catch(() => path.dirname(outputPath));
  const lock = await lockResults(path.join(folder, path.basename(outputPath))).catch((error: unknown) => {
    if (!(error instanceof ResultsLockedError)) throw error;
    const who = error.holder === undefined ? `${output}.lock exists but names no run` : `another recap run (pid ${error.holder.pid}${error.holder.host === hostname() ? '' : ` on ${error.holder.host}`}) is writing it`;
    throw new UsageError(`--output ${output}: ${who}; wait for it to end, or give another --output\nhint: if no such run is going on (a run on another machine, a file recap did not write), remove ${output}.lock`);
  });
  try {
    return await runLocked(setup, files, model, limiter);
  } finally {
    if (resent > 0) io.stderr.write(resentWarning(resent));
    await lock.release();
  }
}

/** The run itself, once it holds the results file's lock. */
async function runLocked(setup: ManyRunSetup, files: readonly string[], model: SummaryModel, limiter: AdaptiveConcurrency): Promise<number> {
  const { io, options, profile } = setup;
  const output = options.output as string;
  const outputPath = path.resolve(io.cwd, output);
  const run = await lineRunOf(setup, model);
  const { existing, finished, failedBefore, summarized } = await resumeResults(output, io.cwd, run);
  if (existing.cutOffLine !== undefined) {
    io.stderr.write(`warning: ${output}:${existing.cutOffLine} was cut off by an interrupted run; it is removed and its session runs again\n`);
  }
  const todo = files.filter((file) => !finished.has(path.resolve(io.cwd, file)));
  const skipped = files.length - todo.length;
  const retried = todo.filter((file) => failedBefore.has(path.resolve(io.cwd, file))).length;
  if (skipped > 0 || retried > 0) io.stderr.write(`resuming ${output}: ${skipped} session(s) already have a result${retried > 0 ? `, ${retried} failed before and run again` : ''}\n`);

  const state = { done: 0, total: todo.length, failed: 0, tokens: 0 };
  // Sessions whose answer needed a repair request, and by which reasons.
  const repaired = { sessions: 0, reasons: new Map<string, number>() };
  const failures = new Map<string, number>();
  let prompt = 0;
  let outputTokens = 0;
  let estimated = false;
  const models = new Set<string>();
  const started = Date.now();
  const facts = (interrupted: boolean): ManyRunFacts => ({
    output,
    profileFile: setup.profileFile,
    interrupted,
    sessions: todo.length,
    ran: state.done,
    failed: state.failed,
    failures,
    repaired,
    skipped,
    prompt,
    outputTokens,
    estimated,
    model: models.size === 1 ? ([...models][0] as string) : model.model,
    ms: Date.now() - started,
    concurrency: { max: limiter.max, limit: limiter.limit },
  });
  if (todo.length === 0) {
    if (options.json === true) writeManySummary(io, facts(false), true);
    else io.stdout.write(`nothing to run: all ${files.length} session(s) already have a result in ${output} (read it with recap report ${output})\n`);
    return EXIT_OK;
  }
  const writer = await openResultsForAppend(outputPath, existing);
  const controller = new AbortController();
  // Ctrl-C, a CI job's timeout (SIGTERM) and a closed terminal (SIGHUP) all stop the run the same
  // way: the lines written stay, the lock is released and the summary is printed.
  const interrupt = (signal: NodeJS.Signals): void => {
    io.stderr.write(`\ninterrupted (${signal}): finishing the calls under way is skipped; run the same command again to resume\n`);
    controller.abort(new Error('interrupted'));
    for (const name of STOP_SIGNALS) process.removeListener(name, interrupt);
  };
  for (const name of STOP_SIGNALS) process.once(name, interrupt);
  const progress = createManyProgress({ stream: io.stderr });
  let stopped: { code: string; message: string } | undefined;
  let askedToWait: ModelError | undefined;
  try {
    progress.update(state);
    const untilAskedToWait = stopWhenAskedToWait(model, (error) => {
      askedToWait ??= error;
      controller.abort(new Error(error.message));
    });
    for await (const line of summarizeMany(profile, todo, { model: untilAskedToWait, concurrency: limiter, privacy: setup.privacy, cwd: io.cwd, signal: controller.signal, summarized })) {
      if ('error' in line && STOPPING_CODES.has(line.error.code)) {
        // Not this session's failure but the model's: every session would fail the same way.
        stopped ??= line.error;
        controller.abort(new Error(line.error.message));
        continue;
      }
      await writer.append({ ...line, run });
      state.done++;
      // A failed session's answers were paid for too (error lines carry their tokens).
      if (line.tokens !== undefined) {
        state.tokens += line.tokens.total;
        prompt += line.tokens.prompt;
        outputTokens += line.tokens.output;
        estimated ||= line.tokens.estimated === true;
      }
      if (line.model !== undefined) models.add(line.model);
      if (!isResultLine(line)) {
        state.failed++;
        failures.set(line.error.code, (failures.get(line.error.code) ?? 0) + 1);
      } else {
        const reasons = new Set((line.repairs ?? []).map((repair) => repair.reason));
        if (reasons.size > 0) repaired.sessions++;
        for (const reason of reasons) repaired.reasons.set(reason, (repaired.reasons.get(reason) ?? 0) + 1);
      }
      progress.update(state);
    }
  } finally {
    progress.stop();
    for (const name of STOP_SIGNALS) process.removeListener(name, interrupt);
    await writer.close();
  }
  if (stopped !== undefined) {
    io.stderr.write(`${model.provider}: ${stopped.message}\nstopped: the model cannot summarise these sessions (${stopped.code}); ${state.done} line(s) written to ${output}, nothing else ran\n`);
    // The summary object still comes: scripts read stdout whatever the exit code.
    if (options.json === true) writeManySummary(io, facts(true), true);
    return EXIT_USAGE;
  }
  if (askedToWait !== undefined) {
    const seconds = Math.ceil((askedToWait.refusedWaitMs ?? 0) / 1000).toLocaleString('en-US');
    io.stderr.write(`${model.provider}: ${askedToWait.message}\nstopped: the model asked to wait ${seconds} s before another request, and every session would meet the same answer; ${state.done} line(s) written to ${output}: run the same command again after the wait to resume\n`);
  }
  const interrupted = controller.signal.aborted;
  writeManySummary(io, facts(interrupted), options.json === true);
  return state.failed > 0 || interrupted ? EXIT_FAILED : EXIT_OK;
}

/**
 * `model`, calling `stop` when a call fails because the vendor asked for a longer wait than the
 * retries wait (a spent daily quota): every session after it would fail the same way, so the run
 * stops, its sessions left to a resume (the one that met it writes no line).
 */
function stopWhenAskedToWait(model: SummaryModel, stop: (error: ModelError) => void): SummaryModel {
  return withGenerate(model, async (request) => {
    try {
      return await model.generate(request);
    } catch (error) {
      if (error instanceof ModelError && error.refusedWaitMs !== undefined) stop(error);
      throw error;
    }
  });
}
