import type { ExternalToast } from "sonner";
import { reportSkipped } from "./enhancement";

/*
 * Toasts without sonner in any page's load: sonner is fetched, and the Toaster mounted, only when the first
 * toast is raised (today only the contact form does). A toast raised before the Toaster subscribes is kept
 * and shown once it does (sonner >= 2.0.8).
 */
const sonner = () => import("sonner");
// A toast repeats what the form's status line already says: if sonner cannot load or show it, the toast is skipped.
const skipped = (error: unknown) => reportSkipped("Toasts", error);

let wanted = false;
const listeners = new Set<() => void>();

/** For the one toast host: subscribe to "a toast was raised". */
export const toasterWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => wanted,
};

function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export const notify = {
  success: (message: string, options?: ExternalToast) => {
    want();
    void sonner()
      .then(({ toast }) => toast.success(message, options))
      .catch(skipped);
  },
  error: (message: string, options?: ExternalToast) => {
    want();
    void sonner()
      .then(({ toast }) => toast.error(message, options))
      .catch(skipped);
  },
};
