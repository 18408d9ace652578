// Preloaded with `node --require` by tests: at exit, writes the files of every CommonJS module the
// process loaded (require.cache) to $RECAP_LOADED_MODULES_FILE, as a JSON list.
'use strict';
process.on('exit', () => {
  require('node:fs').writeFileSync(process.env.RECAP_LOADED_MODULES_FILE, JSON.stringify(Object.keys(require.cache)));
});
