/*
 * The workspace's one script, loaded by every page as a module: enhancements only (passkeys need it; every other
 * action is a plain form). Whatever fails here leaves the page as the server sent it.
 */
import "./styles.css";
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from "@simplewebauthn/browser";

/** POSTs JSON to the workspace (same origin: the browser sends Origin, which the server checks like a form's). */
async function post<T>(path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin" });
  return { status: response.status, data: (await response.json().catch(() => ({}))) as T };
}

/** Why a WebAuthn call ended without a passkey, in words: a cancelled prompt is not an error. */
function reason(error: unknown): string {
  const name = (error as { name?: string }).name;
  if (name === "NotAllowedError" || name === "AbortError") return "Cancelled: nothing changed.";
  if (name === "InvalidStateError") return "This device already has a passkey for you.";
  return "That did not work. Use the e-mail link instead, or try again.";
}

function passkeySignIn(box: HTMLElement) {
  const button = box.querySelector("button");
  const status = box.querySelector<HTMLElement>("[data-passkey-status]");
  if (!button || !status) return;
  box.hidden = false;
  button.addEventListener("click", async () => {
    button.disabled = true;
    status.textContent = "Waiting for your passkey…";
    try {
      const { data: optionsJSON } = await post<Parameters<typeof startAuthentication>[0]["optionsJSON"]>("/sign-in/passkey/options");
      const response = await startAuthentication({ optionsJSON });
      const { data } = await post<{ ok: boolean; next?: string; error?: string }>("/sign-in/passkey", { response, next: box.dataset.next ?? "/" });
      if (data.ok) {
        status.textContent = "Signed in.";
        window.location.assign(data.next ?? "/");
        return;
      }
      status.textContent = data.error ?? "That passkey did not sign you in.";
    } catch (error) {
      status.textContent = reason(error);
    }
    button.disabled = false;
  });
}

function passkeyAdd(box: HTMLElement) {
  const button = box.querySelector("button");
  const status = box.querySelector<HTMLElement>("[data-passkey-status]");
  if (!button || !status) return;
  box.hidden = false;
  document.querySelector<HTMLElement>("[data-passkey-unsupported]")?.setAttribute("hidden", "");
  button.addEventListener("click", async () => {
    button.disabled = true;
    status.textContent = "Follow your browser's prompt…";
    try {
      const { data: optionsJSON } = await post<Parameters<typeof startRegistration>[0]["optionsJSON"]>("/account/passkeys/options");
      const response = await startRegistration({ optionsJSON });
      const { data } = await post<{ ok: boolean; error?: string }>("/account/passkeys", response);
      if (data.ok) {
        status.textContent = "Passkey added.";
        // The list of passkeys is the server's: read it again.
        window.location.reload();
        return;
      }
      status.textContent = data.error ?? "The passkey was not added.";
    } catch (error) {
      status.textContent = reason(error);
    }
    button.disabled = false;
  });
}

if (browserSupportsWebAuthn()) {
  const signIn = document.querySelector<HTMLElement>("[data-passkey-sign-in]");
  if (signIn) passkeySignIn(signIn);
  const add = document.querySelector<HTMLElement>("[data-passkey-add]");
  if (add) passkeyAdd(add);
}
