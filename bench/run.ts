// `npm run bench`: every benchmark of recap, printing figures next to a baseline measured in the same run.

import { runPipelineBenchmark } from './pipeline.js';

console.log(`recap benchmarks — node ${process.version}, ${new Date().toISOString()}`);
runPipelineBenchmark();
