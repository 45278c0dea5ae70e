import { Link } from "react-router";
import type { ServiceCardData } from "~/content/cards.server";
import { IconBadge } from "../ui-icon";
import { Card, CardTitle } from "../ui/card";

export function ServiceCard({ card }: { card: ServiceCardData }) {
  return (
    <Card lift className="relative">
      <IconBadge name={card.icon} />
      <CardTitle>
        <Link to={card.href} className="after:absolute after:inset-0 after:rounded-2xl">
          {card.title}
        </Link>
      </CardTitle>
      <p className="mt-3 text-slate-600">{card.summary}</p>
      <span aria-hidden="true" className="mt-auto pt-4 text-sm font-semibold text-brand-700">
        Learn more →
      </span>
    </Card>
  );
}
