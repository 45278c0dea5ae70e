import type { ReactNode } from "react";
import { DecorativeImage } from "./decorative-image";
import { HydrateApart } from "./ui/hydrate-apart";

/** The dark band that opens every inner page, holding its h1 and, on large screens, the page's artwork. */
export function PageHero({ eyebrow, title, image, children }: { eyebrow: string; title: string; image?: string; children?: ReactNode }) {
  return (
    <HydrateApart>
      <div className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div aria-hidden="true" className="hero-glow absolute -top-40 -right-40 size-[32rem]" />
        <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-20 sm:px-6 md:py-28 lg:grid-cols-[3fr_2fr] lg:px-8">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">{eyebrow}</p>
            <h1 className="mt-3 max-w-4xl text-[clamp(1.75rem,8vw,2.25rem)] font-bold tracking-tight text-balance md:text-5xl">{title}</h1>
            {children}
          </div>
          {image ? <DecorativeImage name={image} eager from="lg" className="overflow-hidden rounded-2xl shadow-2xl ring-1 ring-white/20" /> : null}
        </div>
      </div>
    </HydrateApart>
  );
}
