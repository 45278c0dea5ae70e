import { Toaster } from "sonner";

/** The one toast host of the site (mount it once). Defaults per the spec: bottom-right, Alt+T, ~4.5 s. */
export function SiteToaster() {
  return <Toaster position="bottom-right" hotkey={["altKey", "KeyT"]} closeButton richColors theme="light" dir="ltr" duration={4500} />;
}
