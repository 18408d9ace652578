// Turns a chat completion into recap's ModelResponse, or a ModelError when the endpoint gave no
// usable text (a refusal, a content filter stop, an empty message).

import type { ChatCompletion } from 'openai/resources/chat/completions';
import type { ResponseSchema } from '../../profile/response-schema-terms.js';
import { ModelError } from '../model-errors.js';
import type { ModelResponse } from '../summary-model.js';
import { dropNullOptionalProperties } from './drop-null-optional-properties.js';

/**
 * The answer text, the model that wrote it and the tokens used. With a response schema, nulls
 * that strict mode forced into optional properties are removed. `model` is the name asked for.
 */
export function readOpenAiAnswer(
  completion: ChatCompletion,
  model: string,
  responseSchema: ResponseSchema | undefined,
): ModelResponse {
  const choice = completion.choices?.[0];
  if (choice === undefined) {
    throw new ModelError('the OpenAI-compatible endpoint answered without any choice', { provider: 'openai' });
  }
  const refusal = choice.message?.refusal;
  if (typeof refusal === 'string' && refusal !== '') {
    // The refusal is the model's own text, which may quote the session.
    throw new ModelError(`the model refused to answer: ${refusal}`, { provider: 'openai', withoutVendorText: 'the model refused to answer' });
  }
  if (choice.finish_reason === 'content_filter') {
    throw new ModelError('the endpoint stopped the answer with finish reason content_filter', { provider: 'openai' });
  }
  const text = choice.message?.content ?? '';
  if (text === '') {
    throw new ModelError(`the model answered with no text (finish reason ${choice.finish_reason ?? 'none'})`, {
      provider: 'openai',
    });
  }
  const usage = completion.usage;
  return {
    text: responseSchema === undefined ? text : dropNullOptionalProperties(text, responseSchema),
    model: completion.model || model,
    usage:
      usage === undefined || usage === null
        ? undefined
        : { promptTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens, totalTokens: usage.total_tokens },
  };
}
