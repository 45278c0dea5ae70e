import type { ExternalToast } from "sonner";

/*
 * Toasts without putting sonner in the first load. A toast raised before the lazily mounted Toaster
 * subscribes is kept and shown once it does (sonner >= 2.0.8).
 */
const sonner = () => import("sonner");

export const notify = {
  success: (message: string, options?: ExternalToast) => void sonner().then(({ toast }) => toast.success(message, options)),
  error: (message: string, options?: ExternalToast) => void sonner().then(({ toast }) => toast.error(message, options)),
};
