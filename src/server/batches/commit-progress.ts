// The end of every chunk's transaction: the chunk's results and the moved cursor stored, and the
// job COMPLETED when the cursor reached its total, under the lease of `owner`.

import type { JobRecord, JobResultRecord } from '../store/records.js';
import type { StoreWriter } from '../store/store.js';
import { LeaseLostError } from './lease-lost-error.js';

export interface ChunkProgress {
  readonly cursor: number;
  readonly imports: number;
  readonly errors: number;
  readonly results: readonly JobResultRecord[];
}

/** Records `progress` of `job`; the job as it now is. Throws LeaseLostError when `owner` no longer holds it. */
export async function commitProgress(writer: StoreWriter, job: JobRecord, progress: ChunkProgress, owner: string, now: () => Date): Promise<JobRecord> {
  await writer.recordJobProgress(job.id, progress);
  const next: JobRecord = { ...job, cursor: progress.cursor, imports: progress.imports, errors: progress.errors };
  if (next.cursor < next.total) return next;
  const finished = now().toISOString();
  if (!(await writer.finishJob(job.id, 'COMPLETED', finished, owner))) throw new LeaseLostError();
  return { ...next, status: 'COMPLETED', finished };
}

/** The progress of a chunk whose items got `results` (a refused item counts as an error). */
export function chunkProgress(job: JobRecord, processed: number, results: readonly JobResultRecord[]): ChunkProgress {
  const ok = results.filter((result) => result.ok).length;
  return { cursor: job.cursor + processed, imports: job.imports + ok, errors: job.errors + results.length - ok, results };
}
