import { Suspense, type ReactNode } from "react";

/**
 * A part of the page that React hydrates on its own: a Suspense boundary that never shows a fallback (nothing in
 * it suspends, and the prerendered HTML is the same with or without it). React hydrates the page's shell first,
 * then each such part in a pass of its own, yielding to the browser between them, so a tap while the page hydrates
 * waits for one part instead of the whole page; a tap inside a part not yet hydrated hydrates that part first and
 * is then handled once, as React replays it.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
