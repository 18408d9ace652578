// Cassettes: recorded model answers, keyed by a hash of provider, model and the full request.

import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ResponseSchema } from '../../profile/response-schema-terms.js';
import type { ModelRequest, ModelResponse, RepairTurn } from '../summary-model.js';
import { readFailure } from '../../session/read-failure.js';
import { canonicalJson } from './canonical-json.js';

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
    repair: z.object({ answer: z.string(), problems: z.string() }).nullable(),
  }),
  response: z.object({
    text: z.string(),
    model: z.string(),
    usage: z
      .object({ promptTokens: z.number(), outputTokens: z.number(), totalTokens: z.number() })
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
 * Reads the cassette with `key` from `directory`, or undefined when there is none.
 *
 * @throws `Error` naming the file when it cannot be read, is not a valid cassette, or holds
 * another key.
 * @category Models
 */
export async function readCassette(directory: string, key: string): Promise<Cassette | undefined> {
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
  if (!result.success) throw new Error(`${file}: not a valid cassette: ${result.error.issues[0]?.message ?? ''}`);
  if (result.data.key !== key) throw new Error(`${file}: holds key ${result.data.key}, expected ${key}`);
  return result.data;
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
  const key = cassetteKey(input.provider, input.model, input.request, input.sample);
  const cassette: Cassette = {
    recap_cassette: 1,
    key,
    provider: input.provider,
    model: input.model,
    recorded_at: input.recordedAt.toISOString(),
    source: input.source,
    request: cassetteRequest(input.request),
    response: { text: input.response.text, model: input.response.model, usage: input.response.usage ?? null },
  };
  await mkdir(directory, { recursive: true });
  const file = cassetteFile(directory, key);
  // A unique temporary name: parallel cases may record the same request at once.
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(cassette, null, 2)}\n`);
  await rename(temporary, file);
  return file;
}
