// The conversation sent to an OpenAI-compatible endpoint: the whole prompt as one user message,
// and on the repair retry the rejected answer as the assistant's message followed by a user
// message naming what was wrong.

import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { repairInstruction } from '../repair-instruction.js';
import type { ModelRequest } from '../summary-model.js';

/** The `messages` of a chat completion for `request`. */
export function toOpenAiMessages(request: Pick<ModelRequest, 'prompt' | 'repair'>): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: request.prompt }];
  if (request.repair !== undefined) {
    messages.push(
      { role: 'assistant', content: request.repair.answer },
      { role: 'user', content: repairInstruction(request.repair.problems, request.repair.reason) },
    );
  }
  return messages;
}
