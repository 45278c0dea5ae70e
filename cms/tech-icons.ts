import { techIconSchema } from "../app/content/schema";
import { techIconSlugs } from "./tech-icon-slugs";

/** Why the build would refuse a technology logo's slug (it fails with "Unknown simple-icons slug"). */
export const unknownLogoMessage = (slug: string) => `Unknown simple-icons slug "${slug}": not a logo the site can show (slugs as on simpleicons.org, e.g. "kubernetes")`;

/** The schema's slug field, plus the check the build makes: the slug names a logo of the simple-icons package. */
export const knownTechIconSchema = techIconSchema.refine((slug) => techIconSlugs.has(slug), { error: (issue) => unknownLogoMessage(String(issue.input)) });
