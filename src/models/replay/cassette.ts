// Cassettes: recorded model answers, keyed by a hash of provider, model and the full request.

import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ResponseSchema } from '../../profile/response-schema-terms.js';
import type { ModelRequest, ModelResponse, RepairTurn } from '../summary-model.js';
import { readFailure } from '../../session/read-failure.js';
import { describeIssue } from '../../session/describe-issue.js';
import { formatJsonPath } from '../../session/json-path.js';
import { canonicalJson } from './canonical-json.js';
import { createFileWhole } from '../../files/create-file-whole.js';
import { writeFileReplacing } from '../../files/write-file-replacing.js';

/**
 * The part of a request that reaches the vendor: what a cassette is keyed on. No secrets.
 *
 * @category Models
 */
export interface CassetteRequest {
  readonly prompt: string;
  readonly temperature: number | null;
  readonly response_schema: ResponseSchema | null;
  readonly repair: RepairTurn | null;
}

const tokenCount = z.number().int().nonnegative();

/**
 * The zod schema of a cassette file: a recorded answer with the request it answers.
 *
 * @category Models
 */
export const cassetteSchema = z.object({
  recap_cassette: z.literal(1),
  key: z.string().regex(/^[0-9a-f]{64}$/),
  provider: z.string(),
  model: z.string(),
  recorded_at: z.string(),
  /** Where the answer came from, e.g. "gemini API" or "local Gemini stand-in, not a real model". */
  source: z.string(),
  request: z.object({
    prompt: z.string(),
    temperature: z.number().nullable(),
    response_schema: z.unknown(),
    // `reason` is part of the request (and the key): a grounding repair turn says `grounding`.
    repair: z.object({ answer: z.string(), problems: z.string(), reason: z.enum(['schema', 'grounding']).optional() }).nullable(),
  }),
  response: z.object({
    text: z.string(),
    model: z.string(),
    usage: z
      .object({ promptTokens: tokenCount, outputTokens: tokenCount, totalTokens: tokenCount })
      .nullable(),
  }),
});

/**
 * A cassette file's content ({@link cassetteSchema}).
 *
 * @category Models
 */
export type Cassette = z.infer<typeof cassetteSchema>;

/** The request as a cassette stores it. */
export function cassetteRequest(request: ModelRequest): CassetteRequest {
  return {
    prompt: request.prompt,
    temperature: request.temperature ?? null,
    response_schema: request.responseSchema ?? null,
    repair: request.repair ?? null,
  };
}

/**
 * sha256 of the canonical JSON of provider, model and the full request. `sample` tells apart the
 * repeated runs of one request (`repeat` in suites); the first run, sample 0, has the plain key.
 *
 * @category Models
 */
export function cassetteKey(provider: string, model: string, request: ModelRequest, sample = 0): string {
  const material = canonicalJson({ provider, model, request: cassetteRequest(request), ...(sample > 0 ? { sample } : {}) });
  return createHash('sha256').update(material).digest('hex');
}

/** The file that holds a cassette: `<directory>/<key>.json`. */
export function cassetteFile(directory: string, key: string): string {
  return path.join(directory, `${key}.json`);
}

/**
 * Reads the cassette with `key` from `directory`, or undefined when there is none. With
 * `expected`, the cassette's provider, model and request must be those it is read for.
 *
 * @throws `Error` naming the file when it cannot be read, is not a valid cassette, holds
 * another key, or (with `expected`) was edited to hold another provider, model or request.
 * @category Models
 */
export async function readCassette(directory: string, key: string, expected?: CassetteExpectation): Promise<Cassette | undefined> {
  const file = cassetteFile(directory, key);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${file}: cannot read the cassette: ${readFailure(error)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not a valid cassette: ${(error as Error).message}`);
  }
  const result = cassetteSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    const at = issue === undefined || issue.path.length === 0 ? '' : `${formatJsonPath(issue.path)}: `;
    throw new Error(`${file}: not a valid cassette: ${at}${issue === undefined ? 'invalid' : describeIssue(issue)}`);
  }
  if (result.data.key !== key) throw new Error(`${file}: holds key ${result.data.key}, expected ${key}`);
  if (expected !== undefined) {
    const problem = editedFields(result.data, expected);
    if (problem !== undefined) {
      throw new Error(`${file}: not a recording of this request: its ${problem} differs from the request's, which its file name is the key of (was it edited? only response.text is meant to be); record it again`);
    }
  }
  return result.data;
}

/**
 * What a cassette is read for: its provider, model and request must be what it says it answers.
 *
 * @category Models
 */
export interface CassetteExpectation {
  readonly provider: string;
  readonly model: string;
  readonly request: ModelRequest;
}

/** Which of provider, model and request a cassette holds otherwise than `expected`, if any. */
function editedFields(cassette: Cassette, expected: CassetteExpectation): string | undefined {
  if (cassette.provider !== expected.provider) return `provider (${JSON.stringify(cassette.provider)})`;
  if (cassette.model !== expected.model) return `model (${JSON.stringify(cassette.model)})`;
  const wanted = cassetteRequest(expected.request);
  for (const field of ['prompt', 'temperature', 'response_schema', 'repair'] as const) {
    if (canonicalJson(cassette.request[field] ?? null) !== canonicalJson(wanted[field] ?? null)) return `request.${field}`;
  }
  return undefined;
}

/**
 * Writes a cassette unless one for its key is already there, and returns the one that is: two
 * runs that record the same request at once (cases of one suite, or parallel `recap test`
 * processes) keep the first answer, and each is judged on the answer that is kept.
 */
export async function writeCassetteOnce(directory: string, input: RecordCassetteInput): Promise<Cassette> {
  const cassette = cassetteOf(input);
  await mkdir(directory, { recursive: true });
  try {
    await createFileWhole(cassetteFile(directory, cassette.key), `${JSON.stringify(cassette, null, 2)}\n`);
    return cassette;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readCassette(directory, cassette.key)) ?? cassette;
  }
}

/**
 * What {@link writeCassette} records.
 *
 * @category Models
 */
export interface RecordCassetteInput {
  /** The provider that answered (part of the key). */
  readonly provider: string;
  /** The model that answered (part of the key). */
  readonly model: string;
  readonly request: ModelRequest;
  readonly response: ModelResponse;
  /** Where the answer came from, e.g. "gemini API". */
  readonly source: string;
  readonly recordedAt: Date;
  /** The repeated run this answer belongs to; 0 for the first. */
  readonly sample?: number;
}

/**
 * Writes a cassette atomically (temp file, then rename) as `<directory>/<key>.json`, creating the
 * directory, and returns its file.
 *
 * @category Models
 */
export async function writeCassette(directory: string, input: RecordCassetteInput): Promise<string> {
  const cassette = cassetteOf(input);
  await mkdir(directory, { recursive: true });
  const file = cassetteFile(directory, cassette.key);
  await writeFileReplacing(file, `${JSON.stringify(cassette, null, 2)}\n`);
  return file;
}

/** The cassette file's content for a recorded answer. */
function cassetteOf(input: RecordCassetteInput): Cassette {
  return {
    recap_cassette: 1,
    key: cassetteKey(input.provider, input.model, input.request, input.sample),
    provider: input.provider,
    model: input.model,
    recorded_at: input.recordedAt.toISOString(),
    source: input.source,
    request: cassetteRequest(input.request),
    response: { text: input.response.text, model: input.response.model, usage: input.response.usage ?? null },
  };
}
