// CPU time of the processes a benchmark measures, read from Linux's /proc: the recap servers, the
// PostgreSQL processes, and the benchmark's own (the clients). Divided by the measured wall time it
// says how many cores each kept busy, which tells a limit of the code from a limit of the machine
// (on two cores, two instances cannot scale when one already keeps the machine busy). Elsewhere
// than Linux the figures are simply absent.

import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime: 100 on every Linux the benchmarks run on. */
const TICKS_PER_SECOND = 100;

export interface CpuSample {
  readonly servers: number;
  readonly postgres: number;
  readonly clients: number;
}

/** CPU seconds so far: of the servers, of each PostgreSQL process by pid, and of this process. */
export interface CpuReading {
  readonly servers: number;
  readonly postgres: ReadonlyMap<number, number>;
  readonly clients: number;
}

/** CPU seconds (user + system) of one process so far, or undefined when it is gone or /proc is absent. */
function processSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Every process whose command name starts with `postgres` (the server and its backends), by pid. */
function postgresSeconds(): Map<number, number> {
  const seconds = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return seconds;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) continue;
    } catch {
      continue;
    }
    const own = processSeconds(Number(entry));
    if (own !== undefined) seconds.set(Number(entry), own);
  }
  return seconds;
}

/** CPU seconds so far of `servers` (pids), of PostgreSQL, and of this process. */
export function sampleCpu(servers: readonly number[]): CpuReading | undefined {
  const own = process.cpuUsage();
  const serverSeconds = servers.map(processSeconds);
  if (serverSeconds.some((seconds) => seconds === undefined)) return undefined;
  return {
    servers: serverSeconds.reduce<number>((sum, seconds) => sum + (seconds ?? 0), 0),
    postgres: postgresSeconds(),
    clients: (own.user + own.system) / 1e6,
  };
}

/**
 * Cores kept busy between two readings over `ms` of wall time. A PostgreSQL process counts from
 * its start when it began in between, and not at all when it ended in between (a connection of
 * the benchmark's own, not the servers' pools).
 */
export function coresBusy(before: CpuReading, after: CpuReading, ms: number): CpuSample {
  const seconds = ms / 1000;
  let postgres = 0;
  for (const [pid, total] of after.postgres) postgres += total - (before.postgres.get(pid) ?? 0);
  return {
    servers: (after.servers - before.servers) / seconds,
    postgres: postgres / seconds,
    clients: (after.clients - before.clients) / seconds,
  };
}
