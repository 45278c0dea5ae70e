import { Link } from "react-router";
import type { ResourceCardData } from "~/content/cards.server";
import { DecorativeImage } from "../decorative-image";
import { Card, CardTitle } from "../ui/card";

export function ResourceCard({ card }: { card: ResourceCardData }) {
  return (
    <Card flush>
      <DecorativeImage name={card.image} className="border-b border-slate-200" />
      <div className="flex flex-1 flex-col p-6">
        <p className="flex items-center justify-between text-sm">
          <span className="font-semibold text-brand-700">{card.category}</span>
          <span className="whitespace-nowrap text-slate-500">{card.readTime} min read</span>
        </p>
        <CardTitle className="mt-2">{card.title}</CardTitle>
        <p className="mt-3 flex-1 text-slate-600">{card.summary}</p>
        <Link to={card.href} className="mt-5 font-semibold text-brand-700 hover:text-brand-900" aria-label={`Read More: ${card.title}`}>
          Read More →
        </Link>
      </div>
    </Card>
  );
}
