// Counting what a store does, for tests that bound work by what it returns (scale-bounds*.test.ts):
// the statements a Kysely instance or a whole store runs, with their parameters and the rows each
// answered, and (PostgreSQL) the rows the database read to answer one.

import { CompiledQuery, type Kysely, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import type { Database } from '../../src/server/store/sql/database.js';
import type { StoreDialect } from '../../src/server/store/sql/store-dialect.js';
import type { DataCenterStore } from '../../src/server/store/store.js';

export interface RecordedStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
  readonly rows: UnknownRow[];
}

/** A plugin that records into `statements` every statement it sees compiled by `db`'s executor, with the rows it answered. */
function recordingPlugin(db: Kysely<Database>, statements: RecordedStatement[]): KyselyPlugin {
  const pending = new Map<unknown, { sql: string; parameters: readonly unknown[] }>();
  return {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      const compiled = db.getExecutor().compileQuery(node, queryId);
      pending.set(queryId, { sql: compiled.sql, parameters: compiled.parameters });
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const statement = pending.get(queryId);
      pending.delete(queryId);
      if (statement !== undefined) statements.push({ ...statement, rows: result.rows });
      return result;
    },
  };
}

/** The SQL and parameters of every statement a Kysely instance compiles, with the rows each answered. */
export function statementRecorder(db: Kysely<Database>): { db: Kysely<Database>; statements: RecordedStatement[] } {
  const statements: RecordedStatement[] = [];
  return { db: db.withPlugin(recordingPlugin(db, statements)), statements };
}

/** Every statement `store` runs while `work` runs: its reads and its transactions' statements. */
export async function storeStatements(store: DataCenterStore, work: () => Promise<unknown>): Promise<RecordedStatement[]> {
  const internals = store as unknown as { db: Kysely<Database>; dialect: StoreDialect };
  const { db, dialect } = internals;
  const statements: RecordedStatement[] = [];
  const plugin = recordingPlugin(db, statements);
  internals.db = db.withPlugin(plugin);
  internals.dialect = { ...dialect, withWriteConnection: (inner) => dialect.withWriteConnection((connection) => inner(connection.withPlugin(plugin))) };
  try {
    await work();
  } finally {
    internals.db = db;
    internals.dialect = dialect;
  }
  return statements;
}

/** The rows PostgreSQL's scans read (returned or filtered out) to answer `statement`, run again under EXPLAIN ANALYZE. */
export async function rowsScanned(store: DataCenterStore, statement: Pick<RecordedStatement, 'sql' | 'parameters'>): Promise<number> {
  const { db } = store as unknown as { db: Kysely<Database> };
  const explained = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`, [...statement.parameters]));
  const plan = explained.rows[0]?.['QUERY PLAN'];
  const [root] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
  return scanned(root.Plan);
}

interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Actual Rows': number;
  readonly 'Actual Loops': number;
  readonly 'Rows Removed by Filter'?: number;
  readonly 'Rows Removed by Index Recheck'?: number;
  readonly Plans?: readonly PlanNode[];
}

function scanned(node: PlanNode): number {
  const own = node['Node Type'].endsWith('Scan') ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * node['Actual Loops'] : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + scanned(child), 0);
}

/** SQLite's plan for `statement` (EXPLAIN QUERY PLAN), its steps joined by ` | `. */
export async function queryPlan(store: DataCenterStore, statement: Pick<RecordedStatement, 'sql' | 'parameters'>): Promise<string> {
  const { db } = store as unknown as { db: Kysely<Database> };
  const explained = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${statement.sql}`, [...statement.parameters]));
  return explained.rows.map((row) => row.detail).join(' | ');
}
