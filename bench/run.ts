// `npm run bench`: every benchmark of recap, printing figures next to a baseline measured in the same run.
// RECAP_BENCH_ONLY=startup,pipeline,grounding,suite,import,studio,server,summaries,many,search runs a subset.

import { runPipelineBenchmark } from './pipeline.js';
import { printCorpusFigures, runGroundingBenchmark } from './grounding.js';
import { runImportBenchmark } from './import-rrweb.js';
import { runSuiteBenchmark } from './suite.js';
import { runServerBenchmark } from './server.js';
import { runStartupBenchmark } from './startup.js';
import { runStudioBenchmark } from './studio.js';
import { runSummariesBenchmark } from './summaries.js';
import { runManySessionsBenchmark } from './many-sessions.js';
import { runSessionSearchBenchmark } from './session-search.js';

const only = process.env.RECAP_BENCH_ONLY?.split(',');
const wanted = (name: string) => only === undefined || only.includes(name);

console.log(`recap benchmarks — node ${process.version}, ${new Date().toISOString()}`);
if (wanted('startup')) runStartupBenchmark();
if (wanted('pipeline')) runPipelineBenchmark();
if (wanted('grounding')) {
  await printCorpusFigures();
  runGroundingBenchmark();
}
if (wanted('suite')) await runSuiteBenchmark();
if (wanted('import')) await runImportBenchmark();
if (wanted('studio')) await runStudioBenchmark();
if (wanted('server')) await runServerBenchmark();
if (wanted('summaries')) await runSummariesBenchmark();
if (wanted('many')) await runManySessionsBenchmark();
if (wanted('search')) await runSessionSearchBenchmark();
