// Where each command's code comes from. Definitions (names, flags, help) are loaded with every
// command; the code behind a command is loaded only when that command runs, so `recap --help` or
// `recap validate` never load a model SDK, a database driver, the HTTP framework or Ink. In the
// built CLI this file is swapped for bundle/command-modules.ts, which loads the same modules
// from their bundles (scripts/build-cli.ts).

export const commandModules = {
  run: () => import('./run-command.js'),
  report: () => import('./report-command.js'),
  validate: () => import('./validate-command.js'),
  test: () => import('./test-command.js'),
  studio: () => import('./studio-command.js'),
  serve: () => import('./serve-command.js'),
  admin: () => import('./admin-command.js'),
  import: () => import('./import-command.js'),
  init: () => import('./init-command.js'),
};

/** The loaders of every command's module. */
export type CommandModules = typeof commandModules;
