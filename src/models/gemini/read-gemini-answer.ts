// Turns a generateContent response into recap's ModelResponse, or a ModelError when Gemini gave
// no usable text (a blocked prompt, a safety or recitation stop, an empty candidate).

import type { GenerateContentResponse } from '@google/genai';
import { ModelError } from '../model-errors.js';
import type { ModelResponse, TokenUsage } from '../summary-model.js';

// Finish reasons after which the text, if any, is the model's whole answer. MAX_TOKENS keeps a
// truncated answer: the response-schema check downstream says what is wrong with it.
const COMPLETE_FINISH_REASONS = new Set(['STOP', 'MAX_TOKENS', 'FINISH_REASON_UNSPECIFIED']);

/** The answer text, the model that wrote it and the tokens used. `model` is the name asked for. */
export function readGeminiAnswer(response: GenerateContentResponse, model: string): ModelResponse {
  const blockReason = response.promptFeedback?.blockReason;
  if (blockReason !== undefined) {
    const detail = response.promptFeedback?.blockReasonMessage;
    throw new ModelError(`Gemini blocked the prompt (block reason ${blockReason}${detail === undefined ? '' : `: ${detail}`}); no answer was generated`, {
      provider: 'gemini',
      vendorCode: blockReason,
      withoutVendorText: `Gemini blocked the prompt (block reason ${blockReason}); no answer was generated`,
    });
  }
  const candidate = response.candidates?.[0];
  if (candidate === undefined) {
    throw new ModelError('Gemini answered without any candidate, so there is no text to summarise with', {
      provider: 'gemini',
    });
  }
  const finishReason = candidate.finishReason;
  // Thought summaries are not part of the answer.
  const text = (candidate.content?.parts ?? [])
    .filter((part) => part.thought !== true && typeof part.text === 'string')
    .map((part) => part.text)
    .join('');
  if (finishReason !== undefined && !COMPLETE_FINISH_REASONS.has(finishReason)) {
    const detail = candidate.finishMessage === undefined ? '' : `: ${candidate.finishMessage}`;
    throw new ModelError(`Gemini stopped the answer with finish reason ${finishReason}${detail}`, {
      provider: 'gemini',
      vendorCode: finishReason,
      withoutVendorText: `Gemini stopped the answer with finish reason ${finishReason}`,
    });
  }
  if (text === '') {
    throw new ModelError(`Gemini answered with no text (finish reason ${finishReason ?? 'none'})`, { provider: 'gemini' });
  }
  return { text, model: response.modelVersion ?? model, usage: readUsage(response) };
}

function readUsage(response: GenerateContentResponse): TokenUsage | undefined {
  const metadata = response.usageMetadata;
  if (metadata === undefined) return undefined;
  const promptTokens = metadata.promptTokenCount ?? 0;
  // Thinking tokens are billed as output.
  const outputTokens = (metadata.candidatesTokenCount ?? 0) + (metadata.thoughtsTokenCount ?? 0);
  return { promptTokens, outputTokens, totalTokens: metadata.totalTokenCount ?? promptTokens + outputTokens };
}
