// Turns a generateContent response into recap's ModelResponse, or a ModelError when Gemini gave
// no whole, usable text (a blocked prompt, an answer cut off or stopped, an empty candidate).

import type { GenerateContentResponse } from '@google/genai';
import { ModelError } from '../model-errors.js';
import type { ModelResponse } from '../summary-model.js';
import { readTokenUsage } from '../read-token-usage.js';

// Finish reasons after which the text is the model's whole answer. Every other one (MAX_TOKENS,
// SAFETY, RECITATION, OTHER, ...) means the text, if any, is not an answer to report.
const COMPLETE_FINISH_REASONS = new Set(['STOP', 'FINISH_REASON_UNSPECIFIED']);

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
  const candidate = Array.isArray(response.candidates) ? response.candidates[0] : undefined;
  if (candidate === undefined) {
    throw new ModelError('Gemini answered without any candidate, so there is no text to summarise with', {
      provider: 'gemini',
    });
  }
  const finishReason = candidate.finishReason;
  // Thought summaries are not part of the answer.
  const parts = Array.isArray(candidate.content?.parts) ? candidate.content.parts : [];
  const text = parts
    .filter((part) => part.thought !== true && typeof part.text === 'string')
    .map((part) => part.text)
    .join('');
  if (finishReason === 'MAX_TOKENS') {
    // A cut-off answer is not a summary, and asking again for it would be cut off the same way.
    const kept = text === '' ? 'before any answer text' : `after ${text.length} characters of answer text`;
    throw new ModelError(`Gemini cut the answer off at the output token limit (finish reason MAX_TOKENS) ${kept}: the answer is incomplete`, {
      provider: 'gemini',
      vendorCode: finishReason,
    });
  }
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
  const metadata = response.usageMetadata;
  // Thinking tokens are billed as output. Proto3 JSON leaves zero counts out, but neither the
  // prompt nor an answer with text has zero tokens: a count left out was not reported.
  const usage =
    metadata === undefined
      ? undefined
      : readTokenUsage({
          prompt: metadata.promptTokenCount,
          output: [metadata.candidatesTokenCount, metadata.thoughtsTokenCount ?? 0],
          total: metadata.totalTokenCount,
        });
  return { text, model: typeof response.modelVersion === 'string' && response.modelVersion !== '' ? response.modelVersion : model, usage };
}
