// Thrown when a job is no longer this instance's: its lease expired and another instance took it,
// or the job was cancelled. The runner stops working on it quietly.

/** The job is no longer this instance's (its lease expired and another took it): stop quietly. */
export class LeaseLostError extends Error {
  constructor() {
    super('the job lease was lost');
  }
}
