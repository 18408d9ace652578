// `recap run <profile.yaml> <session.json>`: prepare and summarise one session (many sessions: run-many-command.ts).

import { stat as statCallback } from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import { createModel, isProvider } from '../models/create-model.js';
import { InvalidAnswerError, ModelError, UnsupportedRequestError } from '../models/model-errors.js';
import type { SummaryModel } from '../models/summary-model.js';
import { prepare, type PreparedRequest, type TokenCount } from '../pipeline/prepare.js';
import { toPreparedJson } from '../pipeline/prepared-json.js';
import { hasNoRules } from '../privacy/has-no-rules.js';
import { loadPrivacyRules } from '../privacy/load-privacy-rules.js';
import { PrivacyRulesError } from '../privacy/privacy-rules-error.js';
import { GroundingError } from '../grounding/grounding-error.js';
import { loadProfile } from '../profile/load-profile.js';
import { ProfileValidationError } from '../profile/profile-error.js';
import { loadSession } from '../session/load-session.js';
import { SessionFixtureError } from '../session/session-error.js';
import { describeRepair, modelRequestFor, summarize, type SummaryOutcome } from '../summarize.js';
import { printable } from '../session/printable.js';
import type { CliIo } from './cli-io.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import { renderRunReport } from './render-run-report.js';
import { UsageError } from './usage-error.js';
import { unusedModelFlags } from './unused-model-flags.js';
import { modelTimeoutMs } from './model-timeout.js';
import { resentWarning } from './resent-warning.js';
import { terminalJson } from './terminal-json.js';

// node:fs/promises would load Node's stream and readline modules with every command (start-up).
const stat = promisify(statCallback);

export interface RunOptions {
  readonly provider?: string;
  readonly model?: string;
  readonly baseUrl?: string;
  readonly cassettes?: string;
  readonly dryRun?: boolean;
  readonly json?: boolean;
  /** Privacy rules file; default `privacy.yaml` next to the profile when it exists. */
  readonly privacy?: string;
  /** Many sessions: the JSONL file results are appended to (and resumed from). */
  readonly output?: string;
  /** Many sessions: how many are summarized at once. */
  readonly concurrency?: string;
}

async function countTokens(model: SummaryModel, prepared: PreparedRequest, io: CliIo): Promise<TokenCount> {
  if (model.countTokens === undefined) return prepared.tokens;
  try {
    return { prompt: await model.countTokens(modelRequestFor(prepared)), method: 'count' };
  } catch (error) {
    io.stderr.write(`warning: could not count tokens with ${model.provider} (${(error as Error).message}); showing the estimate\n`);
    return prepared.tokens;
  }
}

function usageJson(outcome: SummaryOutcome) {
  return {
    provider: outcome.provider,
    model: outcome.model,
    prompt_tokens: outcome.usage?.promptTokens ?? null,
    output_tokens: outcome.usage?.outputTokens ?? null,
    total_tokens: outcome.usage?.totalTokens ?? null,
    attempts: outcome.attempts,
    latency_ms: Math.round(outcome.latencyMs),
  };
}

/** The repair requests an answer needed, as `recap run --json` shows them. */
export function repairsJson(outcome: SummaryOutcome): { reason: string; problems: string }[] {
  return outcome.repairs.map(({ reason, problems }) => ({ reason, problems }));
}

/** Runs the command; returns the exit code. Errors go to stderr. */
export async function runCommand(profileFile: string, sessionArgs: readonly string[], options: RunOptions, io: CliIo): Promise<number> {
  try {
    if (options.provider !== undefined && !isProvider(options.provider)) {
      throw new UsageError(`unknown provider "${options.provider}" (expected gemini, openai, extractive or replay)`);
    }
    const profile = await loadProfile(path.resolve(io.cwd, profileFile), {
      source: profileFile,
      onWarnings: (warnings) => io.stderr.write(warnings.map((warning) => `${warning}\n`).join('')),
    });
    let sessionFile = sessionArgs[0] as string;
    if (options.output !== undefined || options.concurrency !== undefined || sessionArgs.length > 1 || (await namesManySessions(sessionFile, io.cwd))) {
      const privacy = await loadPrivacyRules(io.cwd, profileFile, options.privacy);
      const { manySessionFiles, runMany } = await import('./run-many-command.js');
      const setup = { profile, profileFile, privacy: privacy?.rules, privacyFile: privacy?.file, sessionArgs, options, io };
      // A folder or glob that names one session, without --output: that session's run as usual.
      const files = options.output === undefined && options.concurrency === undefined ? await manySessionFiles(setup) : [];
      if (files.length === 1) sessionFile = files[0] as string;
      else return await runMany(setup);
    }
    const privacy = await loadPrivacyRules(io.cwd, profileFile, options.privacy);
    // Under privacy rules a message about the fixture never quotes a value (it may be protected).
    const session = await loadSession(path.resolve(io.cwd, sessionFile), { source: sessionFile, quoteValues: privacy === undefined });
    const prepared = prepare(profile, session, { privacy: privacy?.rules });
    let resent = 0;
    const model = await createModel({
      provider: options.provider,
      model: options.model ?? profile.llm?.model,
      baseUrl: options.baseUrl,
      cassettes: options.cassettes === undefined ? undefined : path.resolve(io.cwd, options.cassettes),
      env: io.env,
      retry: { attemptTimeoutMs: modelTimeoutMs(io.env), onRetry: ({ status }) => void (status === 0 && resent++) },
    }).catch((error: unknown) => {
      // A model that cannot even be built (no key, say) is a configuration problem.
      throw error instanceof ModelError ? new UsageError(`${error.provider}: ${error.message}`) : error;
    });
    const unused = unusedModelFlags(model.provider, options);
    if (unused !== undefined) io.stderr.write(`${unused}\n`);
    if (options.dryRun === true) {
      // A dry run asks the vendor to count (when it can); a real run reads the count from usage.
      const tokens = await countTokens(model, prepared, io);
      if (options.json === true) {
        io.stdout.write(`${terminalJson(toPreparedJson(prepared, { model: model.model, tokens }), 2)}\n`);
      } else {
        io.stdout.write(renderRunReport({ profileFile, sessionFile, prepared, model, tokens, privacyFile: privacy?.file, privacyEmpty: privacy !== undefined && hasNoRules(privacy.rules) }));
      }
      return EXIT_OK;
    }
    const { groundingSource } = await import('../grounding/ground-answer.js');
    const outcome = await summarize(prepared, model, { grounding: groundingSource(profile, session, prepared) }).finally(() => {
      if (resent > 0) {
        io.stderr.write(resentWarning(resent));
      }
    }).catch((error: unknown) => {
      if (options.json === true && error instanceof GroundingError) {
        // The result names the failure and the claims, for the scripts that read it.
        const preparedJson = toPreparedJson(prepared, { model: model.model });
        io.stdout.write(`${terminalJson({ ...preparedJson, error: { code: error.code, message: error.message, answer: error.rawText }, grounding: error.report }, 2)}\n`);
      }
      throw error;
    });
    const tokens: TokenCount =
      outcome.usage === undefined || outcome.attempts > 1
        ? prepared.tokens
        : { prompt: outcome.usage.promptTokens, method: 'count' };
    if (options.json === true) {
      const preparedJson = toPreparedJson(prepared, { model: model.model, tokens });
      const grounding = outcome.grounding === undefined ? {} : { grounding: outcome.grounding };
      io.stdout.write(`${terminalJson({ ...preparedJson, result: outcome.result, usage: usageJson(outcome), repairs: repairsJson(outcome), ...grounding }, 2)}\n`);
      // The report says it in a line of its own; a script reading the JSON may show only stderr.
      for (const repair of outcome.repairs) io.stderr.write(printable(`warning: repaired: ${describeRepair(repair)}\n`));
    } else {
      io.stdout.write(renderRunReport({ profileFile, sessionFile, prepared, model, tokens, outcome, privacyFile: privacy?.file, privacyEmpty: privacy !== undefined && hasNoRules(privacy.rules) }));
    }
    return EXIT_OK;
  } catch (error) {
    io.stderr.write(`${errorMessage(error)}\n`);
    return exitCodeFor(error);
  }
}

/** True when the one session argument is a folder or a glob. */
async function namesManySessions(arg: string, cwd: string): Promise<boolean> {
  if (/[*?[\]{}]/.test(arg)) return true;
  const info = await stat(path.resolve(cwd, arg)).catch(() => undefined);
  return info?.isDirectory() === true;
}

function errorMessage(error: unknown): string {
  if (error instanceof ProfileValidationError || error instanceof SessionFixtureError || error instanceof PrivacyRulesError) return error.message;
  if (error instanceof InvalidAnswerError) {
    const raw = error.rawText.length > 2000 ? `${error.rawText.slice(0, 2000)}…` : error.rawText;
    return `${error.provider}: ${error.message}\nraw answer:\n${raw}`;
  }
  if (error instanceof ModelError) return `${error.provider}: ${error.message}`;
  if (error instanceof GroundingError) return `grounding: ${error.message}\nanswer:\n${error.rawText}`;
  return `error: ${error instanceof Error ? error.message : String(error)}`;
}

function exitCodeFor(error: unknown): number {
  if (error instanceof ProfileValidationError || error instanceof SessionFixtureError || error instanceof PrivacyRulesError) return EXIT_USAGE;
  if (error instanceof UsageError || error instanceof UnsupportedRequestError) return EXIT_USAGE;
  return EXIT_FAILED;
}
