import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};

/**
 * False in the prerendered HTML and while React hydrates it, true from the render right after: what the page
 * shows before its scripts run must match the HTML, and some states only mean something once React owns the page.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
