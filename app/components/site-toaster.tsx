import { lazy, Suspense, useEffect, useState } from "react";

// sonner is ~10 KB gzip that no page needs for its first paint: it loads once the page is idle.
const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** The one toast host of the site (mount it once). Defaults per the spec: bottom-right, Alt+T, ~4.5 s. */
export function SiteToaster() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 1500);
    return () => clearTimeout(timer);
  }, []);

  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="bottom-right" hotkey={["altKey", "KeyT"]} closeButton richColors theme="light" dir="ltr" duration={4500} />
    </Suspense>
  );
}
