import type { Industry } from "~/content/schema";
import { ClosingCta } from "~/components/closing-cta";
import { MarketFigure } from "~/components/market-figure";
import { PageHero } from "~/components/page-hero";
import { PainPointCard } from "~/components/pain-point-card";
import { Card, CardGrid, CardTitle } from "~/components/ui/card";
import { Section, SectionHeading } from "~/components/ui/section";

export type IndustryPageData = Omit<Industry, "seo">;

export function IndustryPage({ industry }: { industry: IndustryPageData }) {
  return (
    <>
      <PageHero eyebrow={industry.title} title={industry.headline} image={industry.image}>
        <p className="mt-6 max-w-3xl text-xl text-slate-200">{industry.subtitle}</p>
        <MarketFigure label="Total Addressable Market" value={industry.market.value} description={industry.market.description} />
      </PageHero>

      <Section aria-labelledby="pain-points">
        <SectionHeading id="pain-points" eyebrow="The challenge" title="Pain Points" />
        <CardGrid cols={2}>
          {industry.painPoints.map((painPoint) => (
            <PainPointCard key={painPoint.title} painPoint={painPoint} />
          ))}
        </CardGrid>
      </Section>

      <Section tone="muted" aria-labelledby="business-use-cases">
        <SectionHeading id="business-use-cases" eyebrow="What we build" title="Business Use Cases" />
        <CardGrid cols={2}>
          {industry.useCases.map((useCase) => (
            <Card key={useCase.title}>
              <CardTitle>{useCase.title}</CardTitle>
              <p className="mt-3 text-slate-600">{useCase.description}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <ClosingCta heading={industry.cta.heading} text={industry.cta.text} label="Start Your Project" />
    </>
  );
}
