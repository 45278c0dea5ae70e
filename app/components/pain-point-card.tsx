import type { Industry } from "~/content/schema";
import { IconBadge } from "./ui-icon";
import { BulletList, Card, CardTitle } from "./ui/card";

export function PainPointCard({ painPoint }: { painPoint: Industry["painPoints"][number] }) {
  return (
    <Card>
      <IconBadge name={painPoint.icon} />
      <CardTitle>{painPoint.title}</CardTitle>
      <BulletList items={painPoint.points} className="mt-4" />
    </Card>
  );
}
