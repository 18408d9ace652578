import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { sessionWith } from '../pipeline/test-support/session-builder.js';
import { checkPrompt, type SnapshotPolicy } from './check-prompt.js';
import type { SnapshotStore } from './snapshot-store.js';

const session = sessionWith(
  [
    { offset: 0, type: 'navigate', url: 'https://shop.example/cart' },
    { offset: 1000, type: 'click', target: { text: 'Apply coupon' } },
    { offset: 2000, type: 'network-error', method: 'POST', url: 'https://shop.example/api/coupon', status: 500 },
    { offset: 3000, type: 'custom', name: 'Checkout Started' },
    { offset: 4000, type: 'element-seen', target: { text: 'banner' } },
  ],
  { user: { email: 'alice@example.com' }, device: { type: 'desktop' } },
);
const prepared = prepare({ events: { exclude_types: ['element-seen'] }, context: { exclude: ['user'] } }, session);

function memoryStore(initial?: string): SnapshotStore & { written: string[] } {
  let stored = initial;
  const written: string[] = [];
  return {
    written,
    file: () => '__snapshots__/x.recap.yaml/case.txt',
    read: async () => stored,
    write: async (_, text) => {
      stored = text;
      written.push(text);
    },
  };
}

const policy = (store: SnapshotStore, overrides: Partial<SnapshotPolicy> = {}): SnapshotPolicy => ({
  store,
  caseName: 'case',
  update: false,
  ci: false,
  updateCommand: 'npx recap test x.recap.yaml --filter case --update',
  ...overrides,
});

const verdicts = async (assertions: Parameters<typeof checkPrompt>[1], snapshot = policy(memoryStore())) =>
  (await checkPrompt(prepared, assertions, snapshot)).map(({ id, passed }) => [id, passed]);

describe('checkPrompt', () => {
  it('includes_types and excludes_types look at the keys of kept events', async () => {
    expect(await verdicts({ includes_types: ['network-error', 'Checkout Started', 'element-seen'], excludes_types: ['element-seen', 'click'] })).toEqual([
      ['prompt.includes_types[0]', true],
      ['prompt.includes_types[1]', true],
      ['prompt.includes_types[2]', false],
      ['prompt.excludes_types[0]', true],
      ['prompt.excludes_types[1]', false],
    ]);
  });

  it('contains and not_contains take plain text or /regex/', async () => {
    expect(await verdicts({ contains: ['Apply coupon', '/status=5\\d\\d/', 'apply coupon'], not_contains: ['alice@example.com', '/banner/i'] })).toEqual([
      ['prompt.contains[0]', true],
      ['prompt.contains[1]', true],
      ['prompt.contains[2]', false],
      ['prompt.not_contains[0]', true],
      ['prompt.not_contains[1]', true],
    ]);
  });

  it('kept_events, max_tokens and context', async () => {
    expect(await verdicts({ kept_events: { min: 4, max: 4 }, max_tokens: 10, context: { include: ['device', 'user'], exclude: ['user'] } })).toEqual([
      ['prompt.kept_events', true],
      ['prompt.max_tokens', false],
      ['prompt.context.include[0]', true],
      ['prompt.context.include[1]', false],
      ['prompt.context.exclude[0]', true],
    ]);
  });

  it('writes a missing snapshot outside CI and passes', async () => {
    const store = memoryStore();
    const [result] = await checkPrompt(prepared, { snapshot: true }, policy(store));
    expect(result).toMatchObject({ passed: true, message: expect.stringMatching(/snapshot written/) });
    expect(store.written).toEqual([prepared.prompt]);
  });

  it('fails on a missing snapshot in CI, with the command that writes it', async () => {
    const store = memoryStore();
    const [result] = await checkPrompt(prepared, { snapshot: true }, policy(store, { ci: true }));
    expect(result?.passed).toBe(false);
    expect(result?.message).toContain('npx recap test x.recap.yaml --filter case --update');
    expect(store.written).toEqual([]);
  });

  it('shows drift as a line diff, and --update rewrites it', async () => {
    const old = prepared.prompt.replace('Apply coupon', 'Apply voucher');
    const [drift] = await checkPrompt(prepared, { snapshot: true }, policy(memoryStore(old)));
    expect(drift?.passed).toBe(false);
    expect(drift?.diff).toMatch(/^@@ line \d+ @@/);
    expect(drift?.diff).toContain('- #1 +1s click target_text="Apply voucher"');
    expect(drift?.diff).toContain('+ #1 +1s click target_text="Apply coupon"');
    const store = memoryStore(old);
    const [updated] = await checkPrompt(prepared, { snapshot: true }, policy(store, { update: true }));
    expect(updated?.passed).toBe(true);
    expect(store.written).toEqual([prepared.prompt]);
  });
});
