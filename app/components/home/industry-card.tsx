import { Link } from "react-router";
import type { IndustryCardData } from "~/content/cards.server";
import { DecorativeImage } from "../decorative-image";
import { Card, CardTitle } from "../ui/card";

export function IndustryCard({ card }: { card: IndustryCardData }) {
  return (
    <Card lift flush className="relative">
      <DecorativeImage name={card.image} className="border-b border-slate-200" />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm font-semibold text-accent-600">{card.statsLabel}</p>
        <CardTitle className="mt-1">
          <Link to={card.href} className="after:absolute after:inset-0">
            {card.title}
          </Link>
        </CardTitle>
        <p className="mt-3 text-slate-600">{card.summary}</p>
      </div>
    </Card>
  );
}
