import type { Industry } from "~/content/schema";
import type { WithIconMarkup } from "~/content/ui-icons.server";
import { IconBadge } from "./ui-icon";
import { BulletList, Card, CardTitle } from "./ui/card";

export function PainPointCard({ painPoint }: { painPoint: WithIconMarkup<Industry["painPoints"][number]> }) {
  return (
    <Card>
      <IconBadge markup={painPoint.icon} />
      <CardTitle>{painPoint.title}</CardTitle>
      <BulletList items={painPoint.points} className="mt-4" />
    </Card>
  );
}
