// Preloaded with `node --require` by tests: at exit, writes what the process loaded to
// $RECAP_LOADED_MODULES_FILE as JSON: `modules`, the files of every CommonJS module (require.cache),
// `bundles`, the CLI bundles loaded through dist/cli/load-bundle.cjs, and `builtins`, Node's own
// modules (process.moduleLoadList).
'use strict';
const path = require('node:path');
process.on('exit', () => {
  const loader = Object.keys(require.cache).find((file) => file.endsWith(`${path.sep}load-bundle.cjs`));
  const bundles = loader === undefined ? [] : require(loader).loadedBundles();
  require('node:fs').writeFileSync(process.env.RECAP_LOADED_MODULES_FILE, JSON.stringify({ modules: Object.keys(require.cache), bundles, builtins: process.moduleLoadList.filter((entry) => entry.startsWith('NativeModule ')).map((entry) => entry.slice('NativeModule '.length)) }));
});
