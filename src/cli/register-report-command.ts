// `recap report`: its arguments, flags and help. The work is in report-command.ts, loaded when it runs.

import type { Command } from 'commander';
import { helpExample, type CommandContext } from './command-context.js';
import { commandModules } from './command-modules.js';
import type { ReportOptions } from './report-command.js';

/** `recap report <results.jsonl>...` */
export function registerReportCommand(program: Command, { io, exit }: CommandContext): void {
  program
    .command('report')
    .description('report on the results of recap run --output: totals, response distributions, patterns across sessions')
    .argument('<results.jsonl...>', 'results files written by recap run --output')
    .option('--output <file>', 'write the report to report.md, report.html (one self-contained page) or report.json instead of Markdown on stdout')
    .option('--json', 'print the report data as JSON')
    .option('--summarize', 'one extra model call that writes the patterns in words (cited sessions are checked)')
    .option('--min-sessions <n>', 'show a pattern when it recurs in at least n sessions', '2')
    .option('--privacy <file>', 'privacy rules applied to the sessions the patterns are read from')
    .option('--provider <provider>', 'for --summarize: gemini | openai | replay (default: gemini with a Gemini key, else openai with OPENAI_BASE_URL or OPENAI_API_KEY)')
    .option('--model <model>', 'for --summarize: the model name')
    .option('--base-url <url>', 'for --summarize: API base URL of the provider')
    .option('--cassettes <dir>', 'for --summarize with --provider replay', '.recap/cassettes')
    .addHelpText('after', helpExample('recap report results.jsonl', 'recap report results.jsonl --output report.html'))
    .action(async (files: string[], options: ReportOptions) => {
      const { reportCommand } = await commandModules.report();
      exit.code = await reportCommand(files, options, io);
    });
}
