import { lazy, Suspense, useSyncExternalStore } from "react";
import { toasterWanted } from "~/lib/notify";

// sonner (~10 KB gzip) is fetched only when a toast is raised: pages that never raise one never load it.
const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** The one toast host of the site (mount it once). Defaults per the spec: bottom-right, Alt+T, ~4.5 s. */
export function SiteToaster() {
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="bottom-right" hotkey={["altKey", "KeyT"]} closeButton richColors theme="light" dir="ltr" duration={4500} />
    </Suspense>
  );
}
