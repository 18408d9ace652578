// What `recap` with no arguments prints: one line per command and where the reference is.

import type { Command } from 'commander';

/** The commands of `program` with their arguments and the first clause of their description. */
export function shortUsage(program: Command, reference: string): string {
  const rows = program.commands.map((command) => {
    const children = command.commands.map((child) => child.name()).join('|');
    const usage = children === '' ? `${command.name()} ${command.usage().replace(/\[options\]\s*/, '')}` : `${command.name()} ${children} ...`;
    return [usage.trim(), command.description().split(/[;:(]/)[0]?.trim() ?? ''] as const;
  });
  const width = Math.max(...rows.map(([usage]) => usage.length));
  return [
    `Usage: ${program.name()} <command> [options]`,
    '',
    ...rows.map(([usage, description]) => `  ${usage.padEnd(width)}  ${description}`),
    '',
    `${program.name()} <command> --help shows a command's flags and an example; the reference is ${reference}.`,
    '',
  ].join('\n');
}
