// Preloaded with `node --expose-gc --require` by the many-sessions benchmark: at exit, writes to
// $RECAP_MAX_RSS_FILE the process's peak resident set size and its heap in use after a full
// garbage collection (what it still holds), in bytes, as JSON.
'use strict';
process.on('exit', () => {
  if (typeof global.gc === 'function') global.gc();
  const figures = { maxRss: process.resourceUsage().maxRSS * 1024, heapUsed: process.memoryUsage().heapUsed };
  require('node:fs').writeFileSync(process.env.RECAP_MAX_RSS_FILE, JSON.stringify(figures));
});
