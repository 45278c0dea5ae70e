import type { ContactInput } from "~/lib/contact-schema";
import { visitSource } from "~/lib/visit-source";

/** A failed send, with the API's explanation when it gave one (shown in the error toast). */
export class ContactSendError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ContactSendError";
  }
}

export type SendOptions = {
  endpoint: string;
  timeoutMs: number;
  /** The page's own origin, to tell a same-origin endpoint from a cross-origin one. */
  pageOrigin?: string;
  fetch?: typeof fetch;
};

export const isCrossOrigin = (endpoint: string, pageOrigin: string) => new URL(endpoint, pageOrigin).origin !== pageOrigin;

/**
 * POSTs the message as JSON and resolves once it is accepted; rejects with a ContactSendError otherwise,
 * including after `timeoutMs` without an answer.
 *
 * A cross-origin endpoint is called in no-cors mode, as the spec's original serverless target was: its answer
 * cannot be read, so any request that does not throw counts as sent. The browser then drops the JSON content
 * type and sends the body as text/plain, which our API accepts too.
 */
export async function sendContactMessage(payload: ContactInput, { endpoint, timeoutMs, pageOrigin = window.location.origin, fetch: doFetch = fetch }: SendOptions): Promise<void> {
  const controller = new AbortController();
  // A plain timer (not AbortSignal.timeout) so the time-out follows the page clock, which tests can fast-forward.
  const timer = setTimeout(() => controller.abort(new DOMException(`No answer within ${timeoutMs / 1000} s`, "TimeoutError")), timeoutMs);
  const crossOrigin = isCrossOrigin(endpoint, pageOrigin);
  try {
    let response: Response;
    try {
      response = await doFetch(endpoint, {
        method: "POST",
        mode: crossOrigin ? "no-cors" : "same-origin",
        headers: crossOrigin ? undefined : { "Content-Type": "application/json", Accept: "application/json" },
        // Where the visit came from goes with the message, and only with it (absent when attribution is off).
        body: JSON.stringify({ ...payload, source: payload.source ?? visitSource() }),
        signal: controller.signal,
        credentials: "omit",
      });
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      throw new ContactSendError(`Contact request failed: ${(reason as Error)?.message ?? String(reason)}`, undefined, { cause: reason });
    }
    if (crossOrigin) return;
    if (!response.ok) {
      let detail: string | undefined;
      try {
        const body = (await response.json()) as { error?: unknown };
        if (typeof body.error === "string") detail = body.error;
      } catch {
        // Not our API's JSON (a proxy's error page, say): the status is all we know.
      }
      throw new ContactSendError(`Contact request answered HTTP ${response.status}${detail ? `: ${detail}` : ""}`, detail);
    }
  } finally {
    clearTimeout(timer);
  }
}
