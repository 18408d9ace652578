// A local stand-in of the Gemini REST API (generateContent, countTokens) for tests: real response
// and error shapes, requests recorded, answers scriptable per test. Nothing here is a model.

import { z } from 'zod';
import { startRecordingServer, type RecordedRequest, type RecordingServer, type StandInReply } from './recording-server.js';
import { standInText, tokenEstimate } from './stand-in-text.js';
import { refusedFormat } from './schema-format-refusal.js';
import { standInValue } from './stand-in-value.js';

/** The parts of a generateContent / countTokens body the tests read; fields may be absent. */
export interface GeminiRequestBody {
  readonly contents?: readonly { readonly role?: string; readonly parts?: readonly { readonly text?: string }[] }[];
  readonly generationConfig?: {
    readonly temperature?: number;
    readonly responseMimeType?: string;
    readonly responseSchema?: unknown;
    readonly [field: string]: unknown;
  };
  readonly [field: string]: unknown;
}

export type GeminiRequest = RecordedRequest<GeminiRequestBody | undefined>;

/** A scripted answer: a whole HTTP reply, or the text the model "answers" (generateContent only). */
export type GeminiStandInReply = StandInReply | string;

/** Decides one answer; undefined falls back to the default behaviour. */
export type GeminiHandler = (
  request: GeminiRequest,
) => GeminiStandInReply | undefined | Promise<GeminiStandInReply | undefined>;

export interface GeminiStandInOptions {
  /** When set, requests must carry this key (`x-goog-api-key` or `?key=`), as the real API checks. */
  readonly apiKey?: string;
  readonly handler?: GeminiHandler;
  /** Answers used first, one per request, before the handler. */
  readonly replies?: readonly GeminiStandInReply[];
  /** Port on 127.0.0.1; default a free one. */
  readonly port?: number;
}

export interface GeminiStandIn extends RecordingServer<GeminiRequestBody | undefined> {
  /** Replaces the handler; undefined restores the default behaviour. */
  setHandler(handler: GeminiHandler | undefined): void;
  /** Queues answers for the next requests, in order. */
  enqueue(...replies: GeminiStandInReply[]): void;
}

const ROUTE = /^\/(v1|v1beta|v1alpha)\/models\/([^/:?]+):(generateContent|countTokens)(?:\?|$)/;

/** The gRPC status names Gemini puts in `error.status`, by HTTP status. */
const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  408: 'DEADLINE_EXCEEDED',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'NOT_IMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const contentSchema = z.strictObject({
  role: z.enum(['user', 'model']).optional(),
  parts: z.array(z.looseObject({ text: z.string().optional() })).min(1),
});

const generateContentBodySchema = z.strictObject({
  contents: z.array(contentSchema).min(1),
  generationConfig: z
    .looseObject({
      temperature: z.number().min(0).max(2).optional(),
      responseMimeType: z.string().optional(),
      responseSchema: z.looseObject({}).optional(),
    })
    .optional(),
  systemInstruction: z.unknown().optional(),
  safetySettings: z.unknown().optional(),
  tools: z.unknown().optional(),
  toolConfig: z.unknown().optional(),
  cachedContent: z.string().optional(),
});

const countTokensBodySchema = z.strictObject({
  contents: z.array(contentSchema).min(1).optional(),
  generateContentRequest: z.unknown().optional(),
});

/** A Gemini error reply: `{ error: { code, message, status } }`. */
export function geminiError(
  status: number,
  message: string,
  options: { headers?: Record<string, string>; details?: unknown[] } = {},
): StandInReply {
  const error = { code: status, message, status: STATUS_NAMES[status] ?? 'UNKNOWN' };
  return {
    status,
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    body: { error: options.details === undefined ? error : { ...error, details: options.details } },
  };
}

/** A successful generateContent reply with one candidate whose single part is `text`. */
export function geminiAnswer(
  text: string,
  options: { finishReason?: string; modelVersion?: string; promptTokens?: number; outputTokens?: number } = {},
): StandInReply {
  const promptTokens = options.promptTokens ?? 10;
  const outputTokens = options.outputTokens ?? tokenEstimate(text);
  return {
    status: 200,
    body: {
      candidates: [
        { content: { parts: [{ text }], role: 'model' }, finishReason: options.finishReason ?? 'STOP', index: 0 },
      ],
      usageMetadata: {
        promptTokenCount: promptTokens,
        candidatesTokenCount: outputTokens,
        totalTokenCount: promptTokens + outputTokens,
        promptTokensDetails: [{ modality: 'TEXT', tokenCount: promptTokens }],
      },
      modelVersion: options.modelVersion ?? 'gemini-2.5-flash',
      responseId: 'stand-in-response',
    },
  };
}

/** Starts the stand-in on 127.0.0.1 and a free port; point the SDK's `baseUrl` at `url`. */
export async function startGeminiStandIn(options: GeminiStandInOptions = {}): Promise<GeminiStandIn> {
  let handler = options.handler;
  const queue: GeminiStandInReply[] = [...(options.replies ?? [])];

  const server = await startRecordingServer<GeminiRequestBody | undefined>(async (request) => {
    const rejected = checkKey(request, options.apiKey);
    if (rejected !== undefined) return rejected;
    const route = ROUTE.exec(request.path);
    if (request.method !== 'POST' || route === null) {
      return geminiError(
        404,
        `The stand-in serves POST .../models/{model}:generateContent and :countTokens, not ${request.method} ${request.path}.`,
      );
    }
    const model = route[2] ?? '';
    const method = route[3] === 'countTokens' ? 'countTokens' : 'generateContent';
    const invalid = checkBody(request.body, method);
    if (invalid !== undefined) return geminiError(400, invalid);
    const scripted = queue.shift() ?? (await handler?.(request));
    if (typeof scripted === 'string') {
      return method === 'generateContent'
        ? geminiAnswer(scripted, { modelVersion: model, promptTokens: tokenEstimate(promptText(request.body)) })
        : geminiError(500, 'stand-in script error: a text answer was scripted for a countTokens request');
    }
    if (scripted !== undefined) return scripted;
    return method === 'countTokens'
      ? { status: 200, body: { totalTokens: tokenEstimate(allText(request.body)) } }
      : defaultAnswer(request.body, model);
  }, { port: options.port });

  return {
    ...server,
    setHandler(next) {
      handler = next;
    },
    enqueue(...replies) {
      queue.push(...replies);
    },
  };
}

function checkKey(request: GeminiRequest, apiKey: string | undefined): StandInReply | undefined {
  if (apiKey === undefined) return undefined;
  const given = request.headers['x-goog-api-key'] ?? new URL(request.path, 'http://stand-in').searchParams.get('key');
  if (given === undefined || given === null || given === '') {
    return geminiError(
      403,
      'Method doesn\'t allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.',
    );
  }
  if (given === apiKey) return undefined;
  // The real API answers a wrong key with 400, not 401.
  return geminiError(400, 'API key not valid. Please pass a valid API key.', {
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'API_KEY_INVALID',
        domain: 'googleapis.com',
        metadata: { service: 'generativelanguage.googleapis.com' },
      },
    ],
  });
}

function checkBody(body: unknown, method: 'generateContent' | 'countTokens'): string | undefined {
  const parsed = (method === 'countTokens' ? countTokensBodySchema : generateContentBodySchema).safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `Invalid JSON payload received. ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`;
  }
  const config = (body as GeminiRequestBody).generationConfig;
  if (config?.responseSchema !== undefined && config.responseMimeType !== 'application/json') {
    return 'GenerateContentRequest.generation_config.response_schema: response_mime_type must be application/json when response_schema is set.';
  }
  const refused = refusedFormat(config?.responseSchema, (format, type) => String(type).toUpperCase() === 'STRING' && format !== 'enum' && format !== 'date-time');
  if (refused !== undefined) {
    const at = refused.path.map((key, index) => (refused.path[index - 1] === 'properties' ? `[${key}]` : index === 0 ? key : `.${key}`)).join('');
    return `* GenerateContentRequest.generation_config.response_schema${at === '' ? '' : `.${at}`}.format: only 'enum' and 'date-time' are supported for STRING type`;
  }
  return undefined;
}

function defaultAnswer(body: GeminiRequestBody | undefined, model: string): StandInReply {
  const schema = body?.generationConfig?.responseSchema;
  const text =
    schema === undefined
      ? standInText(promptText(body))
      : JSON.stringify(standInValue(schema));
  return geminiAnswer(text, { modelVersion: model, promptTokens: tokenEstimate(promptText(body)) });
}

/** The first user turn's text: the prompt recap sends. */
function promptText(body: GeminiRequestBody | undefined): string {
  const first = body?.contents?.find((content) => content.role !== 'model');
  return (first?.parts ?? []).map((part) => part.text ?? '').join('');
}

function allText(body: GeminiRequestBody | undefined): string {
  return (body?.contents ?? []).flatMap((content) => content.parts ?? []).map((part) => part.text ?? '').join('');
}
