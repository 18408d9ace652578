import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../store/sqlite/create-sqlite-store.js';
import { ORG_A, useStore } from '../store/test-support/store-fixtures.js';
import { takeSummaryTurn } from './summary-turn.js';

const root = await mkdtemp(path.join(tmpdir(), 'recap-summary-turn-'));
let files = 0;
afterAll(() => rm(root, { recursive: true, force: true }));
const store = useStore(() => createSqliteStore({ file: path.join(root, `store-${++files}.db`), dataCenter: 'na1' }));

/** A hold as an instance killed while the model answered leaves it: never renewed, never let go. */
const deadHold = (key: string, leaseMs: number) =>
  store().transaction((writer) => writer.claimSummaryFlight(ORG_A, key, { token: 'killed-instance', now: new Date().toISOString(), leaseMs }));

describe('takeSummaryTurn', () => {
  it('claims a summary no one holds, and lets another claim it once released', async () => {
    const first = await takeSummaryTurn(store(), ORG_A, 'k', { leaseMs: 30_000, maxWaitMs: 0 });
    expect(first.kind).toBe('claimed');
    expect((await takeSummaryTurn(store(), ORG_A, 'k', { leaseMs: 30_000, maxWaitMs: 0 })).kind).toBe('unclaimed');
    if (first.kind === 'claimed') await first.release();
    expect((await takeSummaryTurn(store(), ORG_A, 'k', { leaseMs: 30_000, maxWaitMs: 0 })).kind).toBe('claimed');
  });

  it('waits for the holder\'s answer and returns it from the cache', async () => {
    expect(await deadHold('k', 30_000)).toBe(true);
    const waiting = takeSummaryTurn(store(), ORG_A, 'k', { leaseMs: 30_000, maxWaitMs: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    await store().transaction((writer) => writer.putCachedSummary(ORG_A, { key: 'k', value: '{"summary":"from the holder"}', sessionId: 's', now: new Date().toISOString() }));
    expect(await waiting).toEqual({ kind: 'cached', value: '{"summary":"from the holder"}' });
  });

  it('takes over a summary whose holder died once its lease ran out', async () => {
    expect(await deadHold('k', 300)).toBe(true);
    const started = Date.now();
    const turn = await takeSummaryTurn(store(), ORG_A, 'k', { leaseMs: 30_000, maxWaitMs: 20_000 });
    expect(turn.kind).toBe('claimed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('keeps its own hold alive while the model answers, past its lease', async () => {
    // Renewed every third of its lease: a late beat would have to come a lease's two thirds late.
    const turn = await takeSummaryTurn(store(), ORG_A, 'k', { leaseMs: 1_500, maxWaitMs: 0 });
    expect(turn.kind).toBe('claimed');
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect((await takeSummaryTurn(store(), ORG_A, 'k', { leaseMs: 1_500, maxWaitMs: 0 })).kind).toBe('unclaimed');
    if (turn.kind === 'claimed') await turn.release();
  });

  it('stops waiting when the request gives up or waited its longest', async () => {
    expect(await deadHold('k', 30_000)).toBe(true);
    const leaving = new AbortController();
    const waiting = takeSummaryTurn(store(), ORG_A, 'k', { leaseMs: 30_000, maxWaitMs: 20_000, signal: leaving.signal });
    setTimeout(() => leaving.abort(), 100);
    expect(await waiting).toEqual({ kind: 'unclaimed' });
    expect(await takeSummaryTurn(store(), ORG_A, 'k', { leaseMs: 30_000, maxWaitMs: 200 })).toEqual({ kind: 'unclaimed' });
  });
});
