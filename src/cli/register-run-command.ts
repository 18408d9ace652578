// `recap run`: its arguments, flags and help. The work is in run-command.ts, loaded when it runs.

import type { Command } from 'commander';
import { helpExample, type CommandContext } from './command-context.js';
import { commandModules } from './command-modules.js';
import type { RunOptions } from './run-command.js';

/** `recap run <profile.yaml> <session.json|dir|glob>...` */
export function registerRunCommand(program: Command, { io, exit }: CommandContext): void {
  program
    .command('run')
    .description('prepare a profile against recorded sessions and summarise them (many sessions: --output results.jsonl)')
    .argument('<profile.yaml>', 'a summary profile')
    .argument('<session...>', 'a session fixture, or (with --output) fixtures, folders and globs')
    .option('--provider <provider>', 'gemini | openai | extractive | replay (default: gemini with a Gemini key, else openai with OPENAI_BASE_URL or OPENAI_API_KEY, else extractive)')
    .option('--model <model>', "model name (default: the profile's llm.model, else the provider's default)")
    .option('--base-url <url>', 'API base URL of the provider (proxies, local stand-ins)')
    .option('--cassettes <dir>', 'cassette directory for --provider replay', '.recap/cassettes')
    .option('--dry-run', 'prepare only: show the prompt, no model call')
    .option('--json', 'print one JSON object instead of text (its shape: docs/cli.md)')
    .option('--output <results.jsonl>', 'many sessions: append one JSON line per session to this file; run again to resume (docs/many-sessions.md)')
    .option('--concurrency <n>', 'many sessions: how many are summarised at once (default 4; backs off while the model answers 429)')
    .option('--privacy <file>', 'privacy rules applied before anything is rendered (default: privacy.yaml next to the profile)')
    .addHelpText(
      'after',
      helpExample(
        'recap run profiles/plain-summary.yaml sessions-fixtures/checkout-abandon.json',
        'recap run profiles/friction-report.yaml sessions-fixtures/checkout-abandon.json --dry-run --json',
        'recap run profiles/friction-report.yaml sessions-fixtures/ --output results.jsonl --concurrency 8',
      ),
    )
    .action(async (profile: string, sessions: string[], options: RunOptions) => {
      const { runCommand } = await commandModules.run();
      exit.code = await runCommand(profile, sessions, options, io);
    });
}
