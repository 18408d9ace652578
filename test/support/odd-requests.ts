// Generators (fast-check) of request sequences with odd bytes in them, for the differential test
// of the stores (test/server/store-differential.test.ts): users, identification and merges,
// events, batches mixing good and bad items, idempotency keys, session lists and searches,
// profiles, v1 updates and raw bodies. Bodies are built as JSON text, so that they can hold what a
// JavaScript object cannot: duplicate keys, integers past 2^53, numbers past a double, `-0`.

import fc from 'fast-check';

/** JSON as text: a literal, or an object whose entries may repeat a key, or an array. */
export type JsonText = { readonly literal: string } | { readonly entries: readonly (readonly [string, JsonText])[] } | { readonly items: readonly JsonText[] };

export function jsonText(value: JsonText): string {
  if ('literal' in value) return value.literal;
  if ('items' in value) return `[${value.items.map(jsonText).join(',')}]`;
  return `{${value.entries.map(([key, entry]) => `${JSON.stringify(key)}:${jsonText(entry)}`).join(',')}}`;
}

const literal = (value: unknown): JsonText => ({ literal: JSON.stringify(value) });
const object = (entries: readonly (readonly [string, JsonText])[]): JsonText => ({ entries });
const items = (values: readonly JsonText[]): JsonText => ({ items: values });

/** Which key of the organisation sends a request. */
export type KeyLevel = 'standard' | 'architect' | 'admin';

/**
 * One request. `@user<n>@` in the path or body stands for the n-th user id the server answered in
 * this sequence (resolved per server), `@job@` for its last job or operation, `@profile@` for its
 * last profile, `@session@` for the recorded session (alice's; `@session-id@` not URL-encoded),
 * `@rule@` for its last block rule; `@USER0@` is the first user id in upper case.
 */
export interface OddRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly key: KeyLevel;
  readonly body?: string | Uint8Array;
  readonly headers?: Readonly<Record<string, string>>;
  /** Whether the clock moves on (1 s) before the request: without it, several writes share a time. */
  readonly tick: boolean;
}

/** Uids that differ by case, spaces, normalisation and the two texts no store keeps. */
export const UIDS = ['alice', 'Alice', 'ALICE', ' alice', 'alice ', 'bob', 'e\u0301', '\u00e9', 'ß', 'SS', 'İ', 'i', 'x\u0000', 'y\ud800', '\ufeffbom', 'line\u2028sep', 'a'.repeat(256), 'a'.repeat(257)];

/** Text a store keeps: odd, but valid wherever a string is. */
const keptText = fc.constantFrom('plain', 'pair \ud83d\ude00', 'sep\u2028\u2029', '\ufeffbom', 'quote " and \\ backslash', 'e\u0301', '%_\\like', '\u0001\u001f\u007f', 'x'.repeat(8192), 'é'.repeat(4096));
/** Text some rule refuses: empty, blank, NUL, lone surrogates, over 8192 bytes. */
const refusedText = fc.constantFrom('', ' ', '\t', 'nul\u0000', 'lone \ud800', 'low \udc00 first', 'x'.repeat(8193), 'é'.repeat(4097));
const oddText = fc.oneof({ weight: 6, arbitrary: keptText }, { weight: 1, arbitrary: refusedText });

/** Number literals as JSON text: -0, the double's edges, integers past 2^53, past a double. */
const oddNumber = fc.constantFrom('0', '-0', '1', '-1', '0.1', '1e308', '-1e308', '5e-324', '1e400', '-1e400', '9007199254740993', '123456789012345678901234567890', '1234567890123456789', '-6096080238829699000', '1E2', '1.0', '2.5e-3');

const oddName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('plan', 'Plan', 'seats', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '_', '0', 'a'.repeat(512)) },
  { weight: 1, arbitrary: fc.constantFrom('', 'a b', 'a.b', 'é', 'nul\u0000', 'x\ud800', 'a'.repeat(513)) },
);
const scalar: fc.Arbitrary<JsonText> = fc.oneof(
  { weight: 6, arbitrary: keptText.map(literal) },
  refusedText.map(literal),
  { weight: 2, arbitrary: oddNumber.map((text) => ({ literal: text })) },
  fc.constantFrom(true, false, null).map(literal),
  fc.constantFrom('2026-02-30', '2026-03-01', '2026-03-01T10:00:00Z', '2026-03-01T10:00:00', '+275760-09-13T00:00:00Z').map(literal),
);

/** Scalars every rule lets through. */
const keptScalar: fc.Arbitrary<JsonText> = fc.oneof(
  keptText.map(literal),
  oddNumber.filter((text) => Number.isFinite(Number(text))).map((text) => ({ literal: text })),
  fc.constantFrom(true, false).map(literal),
);

const list: fc.Arbitrary<JsonText> = fc.oneof(
  fc.array(scalar, { maxLength: 3 }).map(items),
  fc.constant(items([object([])])),
  fc.constant(items([items([literal(1)])])),
);

/** A nested path of `depth` names whose dotted form is `length` characters long. */
function dottedPath(length: number, depth: number): string[] {
  const names = Array.from({ length: depth }, () => 'n');
  names[depth - 1] = 'n'.repeat(length - (2 * depth - 1) + 1);
  return names;
}

const nestedAt = (names: readonly string[], value: JsonText): JsonText => names.reduceRight<JsonText>((inner, name) => object([[name, inner]]), value);

const propertyValue: fc.Arbitrary<JsonText> = fc.letrec<{ value: JsonText }>((tie) => ({
  value: fc.oneof({ maxDepth: 3, depthSize: 'small' }, scalar, list, fc.array(fc.tuple(oddName, tie('value')), { maxLength: 3 }).map(object)),
})).value;

/** Properties: odd names and values, duplicate keys, paths at the length limits, deep nesting. */
const properties: fc.Arbitrary<JsonText> = fc.oneof(
  { weight: 8, arbitrary: fc.array(fc.tuple(oddName, propertyValue), { maxLength: 4 }).map(object) },
  fc.constantFrom(511, 512).chain((length) => fc.constantFrom(2, 5).map((depth) => nestedAt(dottedPath(length, depth), literal(1)))),
  fc.constant(nestedAt(Array.from({ length: 600 }, () => 'd'), literal(1))),
  fc.constantFrom(object([['dup', literal(1)], ['dup', literal('one')]]), object([['__proto__', object([['polluted', literal(true)]])]])),
  fc.constantFrom<JsonText>(literal(null), literal([]), literal('text'), literal(0)),
);

const schema: fc.Arbitrary<JsonText | undefined> = fc.option(
  fc.oneof(
    fc.tuple(fc.constantFrom('plan', 'seats', 'a.b', '__proto__', 'bad name', ''), fc.constantFrom('int', 'real', 'str', 'date', 'strs', 'ints', 'INT', 'text')).map(([path, type]) => object([['properties', object([[path, literal(type)]])]])),
    fc.constantFrom<JsonText>(literal(null), literal('str'), object([['extra', literal(1)]])),
  ),
  { nil: undefined, freq: 4 },
);

/** 1,024 characters of 3 bytes each that do not repeat (an index entry PostgreSQL cannot compress). */
const LONG_EMAIL = Array.from({ length: 1024 }, (_, index) => String.fromCharCode(0x4e00 + ((index * 7919) % 20000))).join('');

const maybe = <Value>(arbitrary: fc.Arbitrary<Value>) => fc.option(arbitrary, { nil: undefined, freq: 2 });

const userRef = fc.oneof({ weight: 4, arbitrary: fc.nat(3).map((index) => `@user${index}@`) }, fc.constantFrom('u-missing', '', ' ', '@USER0@', ' @user0@'));
/** Uids a user may have, and now and then one that no rule lets through. */
const uid = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...UIDS.filter((text) => text.trim() === text && text.length <= 256 && !/[\0\ud800-\udfff]/.test(text))) }, fc.constantFrom(...UIDS));

/** The body of POST /v2/users. */
const userBody: fc.Arbitrary<JsonText> = fc
  .record({
    id: fc.option(userRef, { nil: undefined, freq: 4 }),
    uid: maybe(uid),
    display_name: maybe(fc.oneof({ weight: 6, arbitrary: keptText.filter((text) => text.length <= 1024) }, refusedText)),
    email: maybe(fc.constantFrom('alice@example.com', 'Alice@Example.com', 'nul\u0000@x', '', LONG_EMAIL, LONG_EMAIL.slice(0, 682))),
    properties: fc.option(properties, { nil: undefined, freq: 5 }),
    schema,
    extra: fc.constantFrom(undefined, undefined, undefined, undefined, undefined, undefined, 'colour'),
  })
  .map(({ extra, ...fields }) => {
    const entries: [string, JsonText][] = [];
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      entries.push([name, typeof value === 'string' ? literal(value) : value]);
    }
    if (extra !== undefined) entries.push([extra, literal('red')]);
    return object(entries);
  });

/** The body of POST /v2/events. */
const eventBody: fc.Arbitrary<JsonText> = fc
  .record({
    name: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('Signed Up', 'signed up', 'n'.repeat(256), 'sep\u2028', '__proto__', 'tab\tline\nreturn\rback\\slash', '\\.') }, fc.constantFrom('', ' ', 'nul\u0000', 'x\udc00', 'n'.repeat(257))),
    timestamp: maybe(fc.constantFrom('2026-03-01T10:00:00Z', '+275760-09-13T00:00:00Z', '-271821-04-20T00:00:00Z', '2026-11-22T10:00:00Z', '2026-11-22T10:00:00.123456Z', '2026-02-30T00:00:00Z', '2026-11-22T10:00:00', '2026-11-22T12:00:00+02:00', '0000-01-01T00:00:00Z', '')),
    user: maybe(fc.oneof(uid.map((uid) => object([['uid', literal(uid)]])), userRef.map((id) => object([['id', literal(id)]])))),
    session: maybe(fc.constantFrom(object([['use_most_recent', literal(true)]]), object([['use_most_recent', literal(false)]]), object([['id', literal('nobody:s-0')]]), object([['id', literal('@session-id@')]]))),
    properties: maybe(properties),
    context: maybe(fc.constantFrom(object([['page', literal('/x\u2028')]]), object([['n', { literal: '1e400' }]]), literal([]))),
  })
  .map((fields) => object(Object.entries(fields).flatMap(([name, value]): [string, JsonText][] => (value === undefined ? [] : [[name, typeof value === 'string' ? literal(value) : value]]))));

/** A batch item: usually a body of the single route, sometimes not an object at all. */
const batchItem = (body: fc.Arbitrary<JsonText>) => fc.oneof({ weight: 5, arbitrary: body }, { weight: 1, arbitrary: fc.constantFrom<JsonText>(literal(null), literal(7), literal('x'), items([])) });

const idempotencyKey = fc.option(fc.constantFrom('k1', 'k2', 'K1', ' k1 ', 'k'.repeat(255), 'k'.repeat(256), ''), { nil: undefined, freq: 6 });

/** A POST with a JSON body, maybe under an Idempotency-Key. */
const post = (path: string, key: KeyLevel, body: fc.Arbitrary<JsonText>) =>
  fc.tuple(body, idempotencyKey, fc.boolean()).map(([json, idempotency, tick]): OddRequest => ({
    method: 'POST',
    path,
    key,
    body: jsonText(json),
    ...(idempotency === undefined ? {} : { headers: { 'idempotency-key': idempotency } }),
    tick,
  }));

const get = (paths: fc.Arbitrary<string>, key: KeyLevel = 'standard') => fc.tuple(paths, fc.boolean()).map(([path, tick]): OddRequest => ({ method: 'GET', path, key, tick }));

/**
 * Percent-encoding that also writes a lone surrogate, as the bytes of its code unit (WTF-8):
 * what a client that does not check its strings sends, and no valid encoding.
 */
export function encodeOdd(text: string): string {
  return text.replace(/[\s\S]/gu, (character) => {
    const unit = character.charCodeAt(0);
    if (character.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    }
    return encodeURIComponent(character);
  });
}

const encodedUid = fc.constantFrom(...UIDS).map(encodeOdd);

const searchBody: fc.Arbitrary<JsonText> = fc.oneof(
  fc.tuple(fc.constantFrom('plan', 'seats', 'a.b', 'n.n', '__proto__', 'bad name', ''), fc.oneof(scalar, fc.constant(object([])))).map(([path, value]) => object([['user_properties', object([[path, value]])]])),
  fc.constantFrom('alice', 'Alice', ' alice', 'x\u0000').map((uid) => object([['user', object([['uid', literal(uid)]])]])),
  fc.constantFrom('CHECKOUT', '%', '_', '\\', 'é', 'x\ud800', '\u2028').map((text) => object([['url_contains', literal(text)]])),
  fc.constantFrom('click', 'Signed Up', 'signed up', '', 'nul\u0000').map((type) => object([['has_events', items([object([['type', literal(type)]])])]])),
  fc.constantFrom('2026-02-30T00:00:00Z', '2026-03-01T00:00:00+01:00', '2026-03-01', 'x').map((from) => object([['from', literal(from)]])),
  fc.constantFrom('1e400', '-0', '1.5', '100', '101', '9007199254740993').map((limit) => object([['limit', { literal: limit }]])),
  fc.tuple(fc.constantFrom('min_duration_ms', 'max_duration_ms'), fc.constantFrom('0', '9007199254740991', '9007199254740992', '2147483648', '-1')).map(([field, value]) => object([[field, { literal: value }]])),
);

const profileBody: fc.Arbitrary<JsonText> = fc.oneof(
  oddText.map((name) => object([['name', literal(name)]])),
  oddText.map((prompt) => object([['llm', object([['pre_prompt', literal(prompt)]])]])),
  fc.constantFrom<JsonText>(object([['slice', object([['event_limit', { literal: '1e400' }]])]]), object([['slice', object([['event_limit', { literal: '-0' }]])]]), object([['llm', object([['temperature', { literal: '-0' }]])]])),
);

const v1Body: fc.Arbitrary<JsonText> = fc
  .array(fc.tuple(fc.constantFrom('plan_str', 'seats_int', 'score_real', 'beta_bool', 'signup_date', 'tags_strs', 'plain', '__proto___str', 'displayName'), scalar), { maxLength: 3 })
  .map(object);

/** Bodies as bytes: not UTF-8, overlong UTF-8, a BOM, truncated JSON, JSON that is not an object. */
const rawBody = fc.constantFrom<string | Uint8Array>(
  new Uint8Array([...Buffer.from('{"uid":"l'), 0xe9, ...Buffer.from('"}')]),
  new Uint8Array([...Buffer.from('{"uid":"'), 0xc0, 0xaf, ...Buffer.from('"}')]),
  new Uint8Array([...Buffer.from('{"uid":"'), 0xed, 0xa0, 0x80, ...Buffer.from('"}')]),
  new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('{"uid":"bom"}')]),
  '{"uid":"trunc',
  '{"uid":"a",}',
  '[]',
  '"text"',
  'null',
  '1e400',
  ' ',
  '{"uid":"dup","uid":"dup2"}',
  '{"requests":[{"uid":"a"},]}',
  `{"uid":"big","display_name":"${'x'.repeat(1024 * 1024)}"}`,
);

const rawRequest = fc
  .tuple(fc.constantFrom('/v2/users', '/v2/events', '/v2/users/batch', '/v2/events/batch', '/v2/visit_profile', '/v2/sessions/search'), rawBody, fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'), idempotencyKey)
  .map(([path, body, type, idempotency]): OddRequest => ({ method: 'POST', path, key: 'admin', body, headers: { 'content-type': type, ...(idempotency === undefined ? {} : { 'idempotency-key': idempotency }) }, tick: false }));

const privacyBody: fc.Arbitrary<JsonText> = fc.oneof(
  fc.constantFrom('email', 'ip', 'secret', 'EMAIL', '').map((preset) => object([['presets', items([literal(preset)])]])),
  fc.tuple(fc.constantFrom('order', 'Order', '__proto__', 'a b', ''), fc.constantFrom('ORD-[0-9]+', '(', '\\u0000', 'x\u2028')).map(([name, pattern]) => object([['patterns', object([[name, literal(pattern)]])]])),
  fc.constantFrom('properties.plan', '**.*a*', 'properties.é', '').map((glob) => object([['mask_properties', items([literal(glob)])]])),
  fc.constant(object([['colour', literal('red')]])),
);

const blockRuleBody: fc.Arbitrary<JsonText> = fc
  .tuple(fc.constantFrom('#card', 'input[type=password]', 'div >', '', 'sep\u2028', 'x'.repeat(2000)), fc.option(oddText, { nil: undefined }))
  .map(([selector, description]) => object([['selector', literal(selector)], ...(description === undefined ? [] : [['description', literal(description)] as const])]));

const exportEventsBody: fc.Arbitrary<JsonText> = fc
  .tuple(
    fc.constantFrom('2000-01-01T00:00:00Z', '2026-11-22T10:00:00Z', '2026-02-30T00:00:00Z', 'x'),
    fc.constantFrom('2100-01-01T00:00:00Z', '2026-11-22T10:00:00Z', '+275760-09-13T00:00:00Z'),
    fc.option(fc.array(fc.constantFrom('Signed Up', 'signed up', 'tab\tline\nreturn\rback\\slash', '', 'nul\u0000'), { maxLength: 2 }), { nil: undefined }),
  )
  .map(([from, to, names]) => object([['from', literal(from)], ['to', literal(to)], ...(names === undefined ? [] : [['names', items(names.map(literal))] as const])]));

/** Settings, exports, operations, summaries and context: the routes around the data. */
const aroundTheData: fc.Arbitrary<OddRequest> = fc.oneof(
  fc.tuple(privacyBody, fc.boolean()).map(([json, tick]): OddRequest => ({ method: 'PUT', path: '/v2/settings/privacy', key: 'architect', body: jsonText(json), tick })),
  post('/v2/settings/block-rules', 'admin', blockRuleBody),
  get(fc.constantFrom('/v2/settings/block-rules', '/v2/settings/privacy', '/v2/settings/recording'), 'admin'),
  fc.boolean().map((tick): OddRequest => ({ method: 'DELETE', path: '/v2/settings/block-rules/@rule@', key: 'admin', tick })),
  post('/v2/exports/events', 'architect', exportEventsBody),
  post('/v2/exports/search', 'architect', searchBody),
  get(fc.constantFrom('/v2/operations?kind=export', '/v2/operations?kind=EXPORT', '/v2/operations?status=COMPLETED&page_size=1', '/v2/operations?page_size=0', '/v2/operations/@job@/results', '/v2/exports/@job@/download'), 'architect'),
  get(fc.constantFrom('/v2/sessions/@session@/summary?config_profile=@profile@', '/v2/sessions/@session@/summary', '/v2/sessions/nobody%3As-0/summary?config_profile=@profile@', '/v2/sessions/%ED%A0%80/summary?config_profile=@profile@'), 'architect'),
  post('/v2/sessions/@session@/context?config_profile=@profile@', 'architect', profileBody),
  post('/v2/sessions/summary/batch?config_profile=@profile@', 'architect', fc.array(fc.constantFrom('@session@', 'nobody:s-0', '', 'x\u0000'), { minLength: 1, maxLength: 3 }).map((ids) => object([['session_ids', items(ids.map(literal))]]))),
);

/** Properties of alice, the user of the recorded session (the one a search can find), as a first request. */
export const aliceFirst: fc.Arbitrary<OddRequest> = fc
  .array(fc.tuple(fc.constantFrom('plan', 'seats', 'n', '__proto__', 'constructor', 'a'.repeat(512)), keptScalar), { minLength: 1, maxLength: 6 })
  .map((entries): OddRequest => ({ method: 'POST', path: '/v2/users', key: 'standard', body: jsonText(object([['uid', literal('alice')], ['properties', object(entries)]])), tick: true }));

/** One request of a sequence. */
export const oddRequest: fc.Arbitrary<OddRequest> = fc.oneof(
  { weight: 6, arbitrary: post('/v2/users', 'standard', userBody) },
  { weight: 3, arbitrary: post('/v2/events', 'standard', eventBody) },
  { weight: 2, arbitrary: post('/v2/users/batch', 'standard', fc.array(batchItem(userBody), { minLength: 1, maxLength: 5 }).map((requests) => object([['requests', items(requests)]]))) },
  { weight: 2, arbitrary: post('/v2/events/batch', 'standard', fc.array(batchItem(eventBody), { minLength: 1, maxLength: 5 }).map((requests) => object([['requests', items(requests)]]))) },
  // 16 events or more go in by COPY on PostgreSQL (insert-rows.ts).
  { weight: 1, arbitrary: post('/v2/events/batch', 'standard', fc.array(batchItem(eventBody), { minLength: 16, maxLength: 20 }).map((requests) => object([['requests', items(requests)]]))) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(3), fc.boolean()).map(([index, tick]): OddRequest => ({ method: 'DELETE', path: `/v2/users/@user${index}@`, key: 'architect', tick })) },
  { weight: 2, arbitrary: get(encodedUid.map((uid) => `/v2/users?uid=${uid}`), 'architect') },
  { weight: 1, arbitrary: get(fc.oneof(encodedUid.map((uid) => `/v2/sessions?uid=${uid}`), fc.constantFrom('/v2/sessions?email=alice%40example.com', '/v2/sessions?email=Alice%40Example.com', '/v2/sessions?uid=alice&limit=99999999999999999999', '/v2/sessions?uid=alice&limit=0', '/v2/sessions?uid=alice&uid=bob', '/v2/sessions?uid=%FF', '/v2/sessions?uid='))) },
  { weight: 2, arbitrary: post('/v2/sessions/search', 'standard', searchBody) },
  { weight: 1, arbitrary: post('/v2/visit_profile', 'standard', profileBody) },
  { weight: 1, arbitrary: get(fc.constantFrom('/v2/visit_profile/@profile@', '/v2/visit_profile', '/v2/visit_profile/p-missing')) },
  { weight: 1, arbitrary: post('/users/v1/individual/alice/customvars', 'standard', v1Body) },
  { weight: 1, arbitrary: get(fc.constantFrom('/v2/users/@user0@/export', '/v2/users/@user1@/export'), 'architect') },
  { weight: 2, arbitrary: rawRequest },
  { weight: 4, arbitrary: aroundTheData },
);
