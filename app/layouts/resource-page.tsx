import type { Resource } from "~/content/schema";
import { ClosingCta } from "~/components/closing-cta";
import { MarketFigure } from "~/components/market-figure";
import { PageHero } from "~/components/page-hero";
import { PainPointCard } from "~/components/pain-point-card";
import { Card, CardGrid, CardTitle } from "~/components/ui/card";
import { Section, SectionHeading } from "~/components/ui/section";

function TitledCards({ items }: { items: Resource["applications"] }) {
  return items.map((item) => (
    <Card key={item.title}>
      <CardTitle>{item.title}</CardTitle>
      <p className="mt-3 text-slate-600">{item.description}</p>
    </Card>
  ));
}

export type ResourcePageData = Omit<Resource, "seo">;

export function ResourcePage({ resource }: { resource: ResourcePageData }) {
  return (
    <>
      <PageHero eyebrow={`${resource.category} · ${resource.readTime} min read`} title={resource.headline} image={resource.image}>
        <MarketFigure label="Market outlook" value={resource.market.value} description={resource.market.description} />
      </PageHero>

      <Section aria-labelledby="overview">
        <div className="mx-auto max-w-3xl">
          <h2 id="overview" className="text-3xl font-bold tracking-tight">
            Overview
          </h2>
          {resource.intro.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="mt-5 text-lg leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
          <h3 className="mt-12 text-2xl font-bold tracking-tight">Why It Matters</h3>
          <ol className="mt-6 space-y-5">
            {resource.reasons.map((reason, index) => (
              <li key={reason.title} className="flex gap-4">
                <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 font-semibold text-white">
                  {index + 1}
                </span>
                <div>
                  <p className="font-semibold">{reason.title}</p>
                  <p className="mt-1 text-slate-600">{reason.description}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </Section>

      <Section tone="muted" aria-labelledby="core-applications">
        <SectionHeading id="core-applications" eyebrow="In practice" title="Core Applications" />
        <CardGrid cols={3}>
          <TitledCards items={resource.applications} />
        </CardGrid>
      </Section>

      <Section aria-labelledby="pain-points">
        <SectionHeading id="pain-points" eyebrow="What gets in the way" title="Pain Points" />
        <CardGrid cols={2}>
          {resource.painPoints.map((painPoint) => (
            <PainPointCard key={painPoint.title} painPoint={painPoint} />
          ))}
        </CardGrid>
      </Section>

      <Section tone="muted" aria-labelledby="ideal-customers">
        <SectionHeading id="ideal-customers" eyebrow="Who benefits" title="Ideal Customer Profiles" />
        <CardGrid cols={3}>
          {resource.profiles.map((profile) => (
            <Card key={profile.title}>
              <CardTitle>{profile.title}</CardTitle>
              <p className="mt-3 flex-1 text-slate-600">{profile.description}</p>
              <dl className="mt-5 grid grid-cols-[repeat(auto-fit,minmax(8rem,1fr))] gap-3 border-t border-slate-200 pt-4 text-sm">
                <div>
                  <dt className="text-slate-500">Typical budget</dt>
                  <dd className="font-semibold">{profile.budget}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Typical result</dt>
                  <dd className="font-semibold text-brand-700">{profile.improvement}</dd>
                </div>
              </dl>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <ClosingCta heading={resource.cta.heading} text={resource.cta.text} label="Schedule a Consultation" />
    </>
  );
}
