import { techLogoSprites } from "virtual:tech-logos";
import type { Service } from "~/content/schema";
import type { TechIcon } from "~/content/tech-icons.server";
import { ClosingCta } from "~/components/closing-cta";
import { PageHero } from "~/components/page-hero";
import { TechLogo } from "~/components/tech-logo";
import { BulletList, Card, CardGrid, CardTitle } from "~/components/ui/card";
import { Section, SectionHeading } from "~/components/ui/section";

export type ServicePageData = Omit<Service, "capabilities" | "seo"> & {
  capabilities: (Omit<Service["capabilities"][number], "icons"> & { icons: TechIcon[] })[];
};

export function ServicePage({ service }: { service: ServicePageData }) {
  const spriteUrl = techLogoSprites[service.slug] ?? "";
  return (
    <>
      <PageHero eyebrow="Services" title={service.title}>
        <p className="mt-6 max-w-3xl text-xl text-slate-200">{service.tagline}</p>
      </PageHero>

      <Section aria-labelledby="capabilities">
        <SectionHeading id="capabilities" eyebrow="What we deliver" title="Our Capabilities" />
        <p className="mx-auto -mt-4 mb-12 max-w-3xl text-lg leading-relaxed text-slate-700">{service.intro}</p>
        <CardGrid cols={2}>
          {service.capabilities.map((capability) => (
            <Card key={capability.title} lift>
              <CardTitle>{capability.title}</CardTitle>
              <p className="mt-3 text-slate-600">{capability.description}</p>
              <ul aria-label="Technologies" className="mt-5 flex flex-wrap gap-2">
                {capability.icons.map((icon) => (
                  <TechLogo key={icon.slug} icon={icon} sprite={spriteUrl} />
                ))}
              </ul>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section tone="muted" aria-labelledby="use-cases">
        <SectionHeading id="use-cases" eyebrow="Where it pays off" title="Use Cases" />
        <CardGrid cols={2}>
          {service.useCases.map((useCase) => (
            <Card key={useCase.title} lift>
              <CardTitle>{useCase.title}</CardTitle>
              <BulletList items={useCase.points} className="mt-4" />
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section aria-labelledby="business-impacts">
        <SectionHeading id="business-impacts" eyebrow="Results" title="Business Impacts" />
        <CardGrid cols={4}>
          {service.impacts.map((impact) => (
            <Card key={impact.heading} lift>
              <p className="text-4xl font-bold tracking-tight text-brand-700">{impact.value}</p>
              <CardTitle className="mt-2">{impact.heading}</CardTitle>
              <p className="mt-2 text-sm text-slate-600">{impact.description}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <ClosingCta heading={service.cta.heading} text={service.cta.text} label={service.cta.label} />
    </>
  );
}
