/*
 * How a channel says that an attempt failed in a way the schedule must know about: for good (a 5xx refusal,
 * an endpoint that is gone), or "not before" a time the receiver asked for (Retry-After).
 */
export class DeliveryError extends Error {
  /** No later attempt can succeed: the delivery is kept as failed at once (resend queues it again). */
  readonly permanent: boolean;
  /** The receiver asked to be tried again no sooner than this. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, { permanent = false, retryAfterMs }: { permanent?: boolean; retryAfterMs?: number } = {}) {
    super(message);
    this.name = "DeliveryError";
    this.permanent = permanent;
    this.retryAfterMs = retryAfterMs;
  }
}
