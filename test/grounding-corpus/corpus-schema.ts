// The format of a grounding corpus file (test/grounding-corpus/answers/*.json): one session, the
// profile it was prepared with, and model answers whose every checkable claim is labelled by hand.

import { z } from 'zod';

const verdictSchema = z.enum(['kept', 'dropped', 'unsupported']);

export const labelledClaimSchema = z.object({
  /** The claim as the answer words it (`"Apply coupon"`, `#12`, `3 dead clicks`, `dead_clicks: 3`). */
  text: z.string().min(1),
  /** What a careful reader of the session and the prompt says of it. */
  verdict: verdictSchema,
});

export const labelledAnswerSchema = z.object({
  answer: z.union([z.string().min(1), z.record(z.string(), z.unknown())]),
  claims: z.array(labelledClaimSchema),
});

export const corpusFileSchema = z.object({
  /** The session fixture, relative to the repository root. */
  session: z.string().min(1),
  /** The profile, relative to the repository root. */
  profile: z.string().min(1),
  /** What the prompt shows and leaves out, for whoever labels or reviews the answers. */
  note: z.string().optional(),
  answers: z.array(labelledAnswerSchema).min(1),
});

export type LabelledClaim = z.infer<typeof labelledClaimSchema>;
export type LabelledAnswer = z.infer<typeof labelledAnswerSchema>;
export type CorpusFile = z.infer<typeof corpusFileSchema>;
