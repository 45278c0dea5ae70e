import type { ReactNode } from "react";

/** The dark band that opens every inner page, holding its h1. */
export function PageHero({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <div className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div aria-hidden="true" className="absolute -top-24 -right-24 size-96 rounded-full bg-accent-400/20 blur-3xl" />
      <div className="relative mx-auto max-w-6xl px-4 py-20 sm:px-6 md:py-28 lg:px-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">{eyebrow}</p>
        <h1 className="mt-3 max-w-4xl text-4xl font-bold tracking-tight text-balance md:text-5xl">{title}</h1>
        {children}
      </div>
    </div>
  );
}
