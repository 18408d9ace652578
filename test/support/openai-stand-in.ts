// A local stand-in of an OpenAI-compatible chat endpoint (POST /v1/chat/completions) for tests:
// real response and error shapes, requests recorded, answers scriptable. Nothing here is a model.

import { z } from 'zod';
import { startRecordingServer, type RecordedRequest, type RecordingServer, type StandInReply } from './recording-server.js';
import { standInText, tokenEstimate } from './stand-in-text.js';
import { refusedFormat } from './schema-format-refusal.js';
import { standInValue } from './stand-in-value.js';

/** The parts of a chat completion body the tests read; fields may be absent. */
export interface OpenAiRequestBody {
  readonly model?: string;
  readonly messages?: readonly { readonly role?: string; readonly content?: unknown }[];
  readonly temperature?: number;
  readonly response_format?: {
    readonly type?: string;
    readonly json_schema?: { readonly name?: string; readonly strict?: boolean; readonly schema?: unknown };
  };
  readonly [field: string]: unknown;
}

export type OpenAiRequest = RecordedRequest<OpenAiRequestBody | undefined>;

/** A scripted answer: a whole HTTP reply, or the text the assistant "answers". */
export type OpenAiStandInReply = StandInReply | string;

/** Decides one answer; undefined falls back to the default behaviour. */
export type OpenAiHandler = (
  request: OpenAiRequest,
) => OpenAiStandInReply | undefined | Promise<OpenAiStandInReply | undefined>;

export interface OpenAiStandInOptions {
  /** When set, requests must carry `Authorization: Bearer <apiKey>`. */
  readonly apiKey?: string;
  readonly handler?: OpenAiHandler;
  /** Answers used first, one per request, before the handler. */
  readonly replies?: readonly OpenAiStandInReply[];
}

export interface OpenAiStandIn extends RecordingServer<OpenAiRequestBody | undefined> {
  /** The base URL to give the client: `http://127.0.0.1:<port>/v1`, like OPENAI_BASE_URL. */
  readonly baseUrl: string;
  setHandler(handler: OpenAiHandler | undefined): void;
  enqueue(...replies: OpenAiStandInReply[]): void;
}

const messageSchema = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string() })), z.null()]),
});

const chatBodySchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(messageSchema).min(1),
  temperature: z.number().min(0).max(2).optional(),
  response_format: z
    .discriminatedUnion('type', [
      z.strictObject({ type: z.literal('text') }),
      z.strictObject({ type: z.literal('json_object') }),
      z.strictObject({
        type: z.literal('json_schema'),
        json_schema: z.strictObject({
          name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
          description: z.string().optional(),
          strict: z.boolean().nullable().optional(),
          schema: z.looseObject({}).optional(),
        }),
      }),
    ])
    .optional(),
});

/** An OpenAI error reply: `{ error: { message, type, param, code } }`. */
export function openAiError(
  status: number,
  message: string,
  options: { type?: string; code?: string | null; headers?: Record<string, string> } = {},
): StandInReply {
  return {
    status,
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    body: {
      error: { message, type: options.type ?? errorType(status), param: null, code: options.code ?? null },
    },
  };
}

/** A successful chat completion whose single choice says `text`. */
export function openAiAnswer(
  text: string | null,
  options: { finishReason?: string; model?: string; refusal?: string; promptTokens?: number; outputTokens?: number } = {},
): StandInReply {
  const promptTokens = options.promptTokens ?? 10;
  const outputTokens = options.outputTokens ?? tokenEstimate(text ?? '');
  return {
    status: 200,
    body: {
      id: 'chatcmpl-stand-in',
      object: 'chat.completion',
      created: 1_767_225_600,
      model: options.model ?? 'gpt-4o-mini-2024-07-18',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text, refusal: options.refusal ?? null },
          logprobs: null,
          finish_reason: options.finishReason ?? 'stop',
        },
      ],
      usage: { prompt_tokens: promptTokens, completion_tokens: outputTokens, total_tokens: promptTokens + outputTokens },
      system_fingerprint: 'stand-in',
    },
  };
}

/** Starts the stand-in on 127.0.0.1 and a free port; give the client `baseUrl`. */
export async function startOpenAiStandIn(options: OpenAiStandInOptions = {}): Promise<OpenAiStandIn> {
  let handler = options.handler;
  const queue: OpenAiStandInReply[] = [...(options.replies ?? [])];

  const server = await startRecordingServer<OpenAiRequestBody | undefined>(async (request) => {
    const rejected = checkKey(request, options.apiKey);
    if (rejected !== undefined) return rejected;
    if (request.method !== 'POST' || !/^\/v1\/chat\/completions(?:\?|$)/.test(request.path)) {
      return openAiError(404, `Invalid URL (${request.method} ${request.path})`);
    }
    const parsed = chatBodySchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return openAiError(400, `Invalid '${issue?.path.join('.') ?? ''}': ${issue?.message ?? 'invalid'}`, {
        code: 'invalid_value',
      });
    }
    const refused = refusedStrictFormat(request.body);
    if (refused !== undefined) return refused;
    const scripted = queue.shift() ?? (await handler?.(request));
    const model = request.body?.model;
    const promptTokens = tokenEstimate(promptText(request.body));
    if (typeof scripted === 'string') return openAiAnswer(scripted, { promptTokens, ...(model ? { model } : {}) });
    if (scripted !== undefined) return scripted;
    return openAiAnswer(defaultText(request.body), { promptTokens, ...(model ? { model } : {}) });
  });

  return {
    ...server,
    baseUrl: `${server.url}/v1`,
    setHandler(next) {
      handler = next;
    },
    enqueue(...replies) {
      queue.push(...replies);
    },
  };
}

/** The formats strict mode takes; the real API refuses any other before answering. */
const STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

function refusedStrictFormat(body: OpenAiRequestBody | undefined): StandInReply | undefined {
  const schema = body?.response_format?.json_schema;
  if (schema?.strict !== true) return undefined;
  const found = refusedFormat(schema.schema, (format) => !STRICT_FORMATS.has(format));
  if (found === undefined) return undefined;
  const context = found.path.map((key) => `'${key}'`).join(', ');
  return openAiError(400, `Invalid schema for response_format '${schema.name ?? ''}': In context=(${context}), '${found.format}' is not a valid format.`, {
    code: 'invalid_value',
  });
}

function checkKey(request: OpenAiRequest, apiKey: string | undefined): StandInReply | undefined {
  if (apiKey === undefined) return undefined;
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (given === apiKey) return undefined;
  return given === undefined
    ? openAiError(401, "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).")
    : openAiError(401, 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.', {
        code: 'invalid_api_key',
      });
}

function defaultText(body: OpenAiRequestBody | undefined): string {
  const format = body?.response_format;
  if (format?.type === 'json_schema') return JSON.stringify(standInValue(format.json_schema?.schema));
  const text = standInText(promptText(body));
  return format?.type === 'json_object' ? JSON.stringify({ summary: text }) : text;
}

/** The first user message's text: the prompt recap sends. */
function promptText(body: OpenAiRequestBody | undefined): string {
  const content = body?.messages?.find((message) => message.role === 'user')?.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part: { text?: unknown }) => (typeof part.text === 'string' ? part.text : '')).join('');
}

function errorType(status: number): string {
  if (status === 429) return 'rate_limit_exceeded';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}
