import type { TechIcon } from "~/content/tech-icons.server";

/** A technology logo as inline SVG, named for assistive technology. */
export function TechLogo({ icon }: { icon: TechIcon }) {
  return (
    <li className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
      <svg role="img" aria-label={icon.title} viewBox="0 0 24 24" className="size-4" fill="currentColor">
        <path d={icon.path} />
      </svg>
      <span aria-hidden="true">{icon.title}</span>
    </li>
  );
}
