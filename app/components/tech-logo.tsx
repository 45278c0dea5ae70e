import type { TechIcon } from "~/content/tech-icons.server";

/** A technology logo as inline SVG drawn from the page's logo sprite, named for assistive technology. */
export function TechLogo({ icon, sprite }: { icon: TechIcon; sprite: string }) {
  return (
    <li className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
      <svg role="img" aria-label={icon.title} viewBox="0 0 24 24" className="size-4" fill="currentColor">
        <use href={`${sprite}#${icon.slug}`} />
      </svg>
      <span aria-hidden="true">{icon.title}</span>
    </li>
  );
}
