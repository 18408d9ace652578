// Turns a chat completion into recap's ModelResponse, or a ModelError when the endpoint gave no
// whole, usable text (a refusal, an answer cut off, filtered or replaced by tool calls, an empty message).

import type { ChatCompletion } from 'openai/resources/chat/completions';
import type { ResponseSchema } from '../../profile/response-schema-terms.js';
import { ModelError } from '../model-errors.js';
import { readTokenUsage } from '../read-token-usage.js';
import type { ModelResponse } from '../summary-model.js';
import { dropNullOptionalProperties } from './drop-null-optional-properties.js';

/** Finish reasons after which the message is not a whole answer, and what each means. */
const INCOMPLETE_FINISH_REASONS: Readonly<Record<string, string>> = {
  length: 'cut the answer off at the output token limit',
  content_filter: 'filtered the answer',
  tool_calls: 'answered with tool calls instead of a summary',
  function_call: 'answered with a function call instead of a summary',
};

/**
 * The answer text, the model that wrote it and the tokens used. With a response schema, nulls
 * that strict mode forced into optional properties are removed. `model` is the name asked for.
 */
export function readOpenAiAnswer(
  completion: ChatCompletion,
  model: string,
  responseSchema: ResponseSchema | undefined,
): ModelResponse {
  // The SDK returns a body that is not JSON as a string, and JSON as it came.
  if (typeof completion !== 'object' || completion === null || Array.isArray(completion)) {
    throw new ModelError(`the OpenAI-compatible endpoint answered with ${typeof completion === 'string' ? 'a body that is not JSON' : `JSON that is not a chat completion (${completion === null ? 'null' : Array.isArray(completion) ? 'an array' : typeof completion})`}`, {
      provider: 'openai',
    });
  }
  const choice = Array.isArray(completion.choices) ? completion.choices[0] : undefined;
  if (choice === undefined) {
    throw new ModelError('the OpenAI-compatible endpoint answered without any choice', { provider: 'openai' });
  }
  const refusal = choice.message?.refusal;
  if (typeof refusal === 'string' && refusal !== '') {
    // The refusal is the model's own text, which may quote the session.
    throw new ModelError(`the model refused to answer: ${refusal}`, { provider: 'openai', withoutVendorText: 'the model refused to answer' });
  }
  const finishReason = choice.finish_reason as string | null | undefined;
  const incomplete = typeof finishReason === 'string' ? INCOMPLETE_FINISH_REASONS[finishReason] : undefined;
  if (incomplete !== undefined) {
    throw new ModelError(`the endpoint ${incomplete} (finish reason ${finishReason}): there is no whole answer`, { provider: 'openai', vendorCode: finishReason ?? undefined });
  }
  const text = messageText(choice.message?.content);
  if (text === undefined) {
    throw new ModelError(`the model answered with a message content that is neither text nor text parts (${typeof choice.message?.content})`, { provider: 'openai' });
  }
  if (text === '') {
    throw new ModelError(`the model answered with no text (finish reason ${finishReason ?? 'none'})`, {
      provider: 'openai',
    });
  }
  const usage = completion.usage;
  return {
    text: responseSchema === undefined ? text : dropNullOptionalProperties(text, responseSchema),
    model: typeof completion.model === 'string' && completion.model !== '' ? completion.model : model,
    usage:
      usage === undefined || usage === null
        ? undefined
        : readTokenUsage({ prompt: usage.prompt_tokens, output: usage.completion_tokens, total: usage.total_tokens }),
  };
}

/**
 * The message's text: a string, or the text parts some compatible servers send (`[{ type: "text",
 * text }]`, beside parts such as a reasoning model's `thinking`, which are not the answer); an
 * absent content is empty. Undefined for anything else.
 */
function messageText(content: unknown): string | undefined {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const parts = content as readonly { type?: unknown; text?: unknown }[];
  if (parts.some((part) => typeof part !== 'object' || part === null)) return undefined;
  return parts.flatMap((part) => (part.type === 'text' && typeof part.text === 'string' ? [part.text] : [])).join('');
}
