import type { ComponentProps } from "react";
import { HydrateApart } from "./hydrate-apart";

const tones = {
  white: "bg-white",
  muted: "bg-slate-50",
  dark: "bg-brand-900 text-white",
} as const;

/**
 * A page band with consistent vertical rhythm; label it with a SectionHeading id. It is hydrated apart. It is laid
 * out with the page, never deferred (decision 30): screen readers, focus, Back and Forward need its real height.
 */
export function Section({
  tone = "white",
  className = "",
  children,
  ...props
}: ComponentProps<"section"> & { tone?: keyof typeof tones }) {
  return (
    <HydrateApart>
      <section className={`${tones[tone]} py-16 md:py-24 ${className}`} {...props}>
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">{children}</div>
      </section>
    </HydrateApart>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = "center",
  tone = "light",
}: {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  align?: "center" | "left";
  tone?: "light" | "dark";
}) {
  const alignment = align === "center" ? "mx-auto text-center" : "";
  return (
    <div className={`mb-10 max-w-3xl md:mb-14 ${alignment}`}>
      {eyebrow ? (
        <p className={`mb-2 text-sm font-semibold uppercase tracking-wider ${tone === "dark" ? "text-accent-400" : "text-brand-600"}`}>
          {eyebrow}
        </p>
      ) : null}
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance md:text-4xl">
        {title}
      </h2>
      {intro ? (
        <p className={`mt-4 text-lg ${tone === "dark" ? "text-slate-200" : "text-slate-600"}`}>{intro}</p>
      ) : null}
    </div>
  );
}
