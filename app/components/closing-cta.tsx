import { contactHref } from "~/config/paths";
import { ButtonLink } from "./ui/button";
import { HydrateApart } from "./ui/hydrate-apart";

/** The band that ends every inner page and sends the visitor to the contact form. */
export function ClosingCta({ heading, text, label }: { heading: string; text: string; label: string }) {
  return (
    <HydrateApart>
      <section aria-labelledby="cta-heading" className="bg-brand-900 text-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 md:py-20">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-balance md:text-4xl">
            {heading}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">{text}</p>
          <ButtonLink to={contactHref} variant="light" className="mt-8">
            {label}
          </ButtonLink>
        </div>
      </section>
    </HydrateApart>
  );
}
