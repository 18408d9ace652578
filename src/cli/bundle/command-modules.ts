// The built CLI's stand-in for ../command-modules.ts: each command's module comes from its own
// bundle, dist/cli/<command>.cjs, through the code cache. The studio is the exception: Ink is an
// ES module that cannot be bundled as CommonJS, so it is imported from tsc's output beside them.

import type { CommandModules } from '../command-modules.js';
import { importModule, loadBundle } from './load-bundle.js';

type ModuleOf<Name extends keyof CommandModules> = Awaited<ReturnType<CommandModules[Name]>>;

const bundle =
  <Name extends keyof CommandModules>(name: Name) =>
  async (): Promise<ModuleOf<Name>> =>
    loadBundle(name) as ModuleOf<Name>;

export const commandModules: CommandModules = {
  run: bundle('run'),
  report: bundle('report'),
  validate: bundle('validate'),
  test: bundle('test'),
  studio: async () => (await importModule('./studio-command.js')) as ModuleOf<'studio'>,
  serve: bundle('serve'),
  admin: bundle('admin'),
  import: bundle('import'),
  init: bundle('init'),
};
