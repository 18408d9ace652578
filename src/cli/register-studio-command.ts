// `recap studio`: its flags and help. The work is in studio-command.ts, which loads Ink only when it runs.

import type { Command } from 'commander';
import { helpExample, type CommandContext } from './command-context.js';
import { commandModules } from './command-modules.js';
import type { StudioOptions } from './studio-command.js';

/** `recap studio` */
export function registerStudioCommand(program: Command, { io, exit }: CommandContext): void {
  program
    .command('studio')
    .description('the terminal workbench: edit a profile and watch its prompt, events and answers change live')
    .option('--profiles <dir>', 'folder of summary profiles (*.yaml)', 'profiles')
    .option('--sessions <dir>', 'folder of session fixtures (*.json)', 'sessions-fixtures')
    .option('--provider <provider>', 'gemini | openai | extractive | replay (default: gemini with a Gemini key, else openai with OPENAI_BASE_URL or OPENAI_API_KEY, else extractive)')
    .option('--model <model>', "model name (default: the profile's llm.model, else the provider's default)")
    .option('--base-url <url>', 'API base URL of the provider (proxies, local stand-ins)')
    .option('--privacy <file>', 'privacy rules applied before anything is shown or sent (default: privacy.yaml in the profiles folder)')
    .addHelpText(
      'after',
      helpExample('recap studio', 'recap studio --profiles my-profiles --sessions sessions-fixtures --provider gemini', 'recap studio --privacy strict-privacy.yaml'),
    )
    .action(async (options: StudioOptions) => {
      const { studioCommand } = await commandModules.studio();
      exit.code = await studioCommand(options, io);
    });
}
