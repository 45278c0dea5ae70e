import type { ReactNode } from "react";

/*
 * The few building blocks the workspace's own pages share: full class names only (Tailwind reads staff/app).
 */

export const buttonClass = "inline-flex min-h-11 items-center justify-center rounded bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60";
export const secondaryButtonClass = "inline-flex min-h-11 items-center justify-center rounded border border-slate-400 bg-white px-4 py-2 text-slate-900 hover:bg-slate-100";
export const dangerButtonClass = "inline-flex min-h-11 items-center justify-center rounded bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800";
export const inputClass = "block w-full max-w-md rounded border border-slate-500 bg-white px-3 py-2 text-base";

/** A message above a form: what went wrong (role="alert") or what happened. */
export function Notice({ kind, children }: { kind: "error" | "info"; children: ReactNode }) {
  return kind === "error" ? (
    <p role="alert" className="mb-4 max-w-prose rounded border border-red-300 bg-red-50 p-3 text-red-900">
      {children}
    </p>
  ) : (
    <p className="mb-4 max-w-prose rounded border border-blue-200 bg-blue-50 p-3 text-slate-900">{children}</p>
  );
}

/** A section of a page with its own heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-8" aria-label={title}>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}
