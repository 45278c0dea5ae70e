import type { Route } from "./+types/not-found";
import { NotFoundMessage } from "~/components/not-found-message";
import { site } from "~/config/site";

export const meta: Route.MetaFunction = () => [
  { title: `Page not found | ${site.name}` },
  { name: "description", content: "The page you were looking for does not exist. Return to the home page to explore our services." },
  { name: "robots", content: "noindex" },
];

export default function NotFoundRoute() {
  return <NotFoundMessage />;
}
