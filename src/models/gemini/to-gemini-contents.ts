// The conversation sent to Gemini: the whole prompt as one user turn, and on the repair retry the
// rejected answer as the model's turn followed by a user turn naming what was wrong.

import type { Content } from '@google/genai';
import { repairInstruction } from '../repair-instruction.js';
import type { ModelRequest } from '../summary-model.js';

/** The `contents` of a generateContent or countTokens call for `request`. */
export function toGeminiContents(request: Pick<ModelRequest, 'prompt' | 'repair'>): Content[] {
  const contents: Content[] = [{ role: 'user', parts: [{ text: request.prompt }] }];
  if (request.repair !== undefined) {
    contents.push(
      { role: 'model', parts: [{ text: request.repair.answer }] },
      { role: 'user', parts: [{ text: repairInstruction(request.repair.problems, request.repair.reason) }] },
    );
  }
  return contents;
}
