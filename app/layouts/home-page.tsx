import type { IndustryCardData, ResourceCardData, ServiceCardData } from "~/content/cards.server";
import type { Home } from "~/content/schema";
import { ContactForm } from "~/components/contact/contact-form";
import { DecorativeImage } from "~/components/decorative-image";
import { ContactDetails } from "~/components/home/contact-details";
import { IndustryCard } from "~/components/home/industry-card";
import { ResourceCard } from "~/components/home/resource-card";
import { ServiceCard } from "~/components/home/service-card";
import { Stat } from "~/components/home/stat";
import { SectionLink } from "~/components/section-link";
import { IconBadge } from "~/components/ui-icon";
import { buttonClass } from "~/components/ui/button";
import { Card, CardGrid, CardTitle } from "~/components/ui/card";
import { HydrateApart } from "~/components/ui/hydrate-apart";
import { Section, SectionHeading } from "~/components/ui/section";

export type HomeContent = Omit<Home, "contact" | "seo"> & {
  contact: Omit<Home["contact"], "confirmationEmail" | "privacyNoteWithoutAttribution">;
};

export type HomePageData = {
  home: HomeContent;
  services: ServiceCardData[];
  industries: IndustryCardData[];
  resources: ResourceCardData[];
};

export function HomePage({ home, services, industries, resources }: HomePageData) {
  return (
    <>
      <HydrateApart>
        <section
          id="hero"
          aria-labelledby="hero-title"
          className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-600 text-white"
        >
          <div aria-hidden="true" className="hero-glow absolute -top-48 -right-48 size-[36rem]" />
          <div className="relative mx-auto grid max-w-6xl items-center gap-8 px-4 py-20 sm:px-6 md:py-32 lg:grid-cols-[3fr_2fr] lg:px-8">
            <div>
              <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">{home.hero.eyebrow}</p>
              <h1 id="hero-title" className="mt-4 max-w-4xl text-4xl font-bold tracking-tight text-balance sm:text-5xl md:text-6xl">
                {home.hero.title}
              </h1>
              <p className="mt-6 max-w-2xl text-lg text-slate-200 md:text-xl">{home.hero.text}</p>
              <div className="mt-10 flex flex-col gap-4 sm:flex-row">
                <SectionLink to="services" className={buttonClass("light")}>
                  Explore Solutions
                </SectionLink>
                <SectionLink to="industries" className={buttonClass("outlineLight")}>
                  View Case Studies
                </SectionLink>
              </div>
              <dl className="mt-14 grid max-w-2xl grid-cols-3 gap-6 border-t border-white/20 pt-8">
                {home.hero.highlights.map((item) => (
                  <div key={item.label}>
                    <dt className="text-sm text-slate-300">{item.label}</dt>
                    <dd className="text-2xl font-bold sm:text-3xl">{item.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
            <DecorativeImage name="hero" width={800} height={640} eager from="lg" className="-mr-8" />
          </div>
        </section>
      </HydrateApart>

      <Section id="services" aria-labelledby="services-title">
        <SectionHeading id="services-title" {...home.services} />
        <CardGrid cols={3}>
          {services.map((card) => (
            <ServiceCard key={card.href} card={card} />
          ))}
        </CardGrid>
      </Section>

      <Section id="industries" tone="muted" aria-labelledby="industries-title">
        <SectionHeading id="industries-title" {...home.industries} />
        <CardGrid cols={3}>
          {industries.map((card) => (
            <IndustryCard key={card.href} card={card} />
          ))}
        </CardGrid>
      </Section>

      <Section id="resources" aria-labelledby="resources-title">
        <SectionHeading id="resources-title" {...home.resources} />
        <CardGrid cols={3}>
          {resources.map((card) => (
            <ResourceCard key={card.href} card={card} />
          ))}
        </CardGrid>
      </Section>

      <Section id="about" tone="muted" aria-labelledby="about-title">
        <div className="grid items-start gap-12 lg:grid-cols-2">
          <div>
            <SectionHeading id="about-title" eyebrow={home.about.eyebrow} title={home.about.title} align="left" />
            {home.about.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)} className="mt-4 text-lg text-slate-700 first:mt-0">
                {paragraph}
              </p>
            ))}
            <div className="mt-10 flex gap-12">
              {home.about.stats.map((stat) => (
                <Stat key={stat.label} {...stat} />
              ))}
            </div>
          </div>
          <CardGrid cols={2}>
            {home.about.values.map((value) => (
              <Card key={value.title}>
                <IconBadge name={value.icon} />
                <CardTitle>{value.title}</CardTitle>
                <p className="mt-2 text-slate-600">{value.description}</p>
              </Card>
            ))}
          </CardGrid>
        </div>
      </Section>

      <Section id="contact" tone="dark" aria-labelledby="contact-title">
        <SectionHeading id="contact-title" eyebrow={home.contact.eyebrow} title={home.contact.title} intro={home.contact.intro} tone="dark" />
        <div className="grid gap-10 lg:grid-cols-5">
          <div className="rounded-2xl bg-white p-6 text-ink shadow-xl sm:p-8 lg:col-span-3">
            <h3 className="text-2xl font-bold">Start Your Project</h3>
            <ContactForm />
            <p id="contact-privacy" className="mt-6 text-sm text-slate-600">
              {home.contact.privacyNote}
            </p>
          </div>
          <div className="space-y-10 lg:col-span-2">
            <ContactDetails text={home.contact.getInTouch} />
            <div className="rounded-2xl border border-white/20 bg-white/5 p-6">
              <h3 className="text-xl font-bold">Why Choose Us?</h3>
              <ul className="mt-4 space-y-2 text-slate-200">
                {home.contact.whyChooseUs.points.map((point) => (
                  <li key={point}>✓ {point}</li>
                ))}
              </ul>
              <div className="mt-6 grid grid-cols-2 gap-6">
                {home.contact.whyChooseUs.stats.map((stat) => (
                  <Stat key={stat.label} tone="dark" {...stat} />
                ))}
              </div>
            </div>
          </div>
        </div>
      </Section>
    </>
  );
}
