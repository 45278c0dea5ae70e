import { uiIconSprite } from "virtual:ui-icons";
import type { UiIconName } from "~/content/icon-names";

/** A decorative UI icon drawn from the icon sprite (scripts/vite-plugin-ui-icons.ts); the text beside it carries the meaning. */
export function UiIcon({ name, className = "size-6" }: { name: UiIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <use href={`${uiIconSprite}#${name}`} />
    </svg>
  );
}

/** The icon in a tinted square that heads many cards. */
export function IconBadge({ name }: { name: UiIconName }) {
  return (
    <span className="mb-4 inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
      <UiIcon name={name} />
    </span>
  );
}
