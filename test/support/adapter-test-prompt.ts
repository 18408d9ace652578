// A prompt for the vendor adapter tests, built like recap's: pre_prompt, session block and
// post_prompt as three distinct paragraphs, so that a test can see their order on the wire.

export const PRE_PROMPT = 'PRE: You summarise recorded sessions for a support team.';
export const SESSION_BLOCK =
  '<session id="u-1:s-1">\nevents: 1, offsets from 2026-03-01T10:00:00.000Z\n+0.0s navigate "https://shop.example/cart"\n</session>';
export const POST_PROMPT = 'POST: Say in two sentences what the user tried and where they got stuck.';

export const ADAPTER_TEST_PROMPT = [PRE_PROMPT, SESSION_BLOCK, POST_PROMPT].join('\n\n');
