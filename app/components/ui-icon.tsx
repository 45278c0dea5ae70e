/** A decorative UI icon, from markup rendered at build time (~/content/ui-icons.server.tsx); the text beside it carries the meaning. */
export function UiIcon({ markup, className = "size-6" }: { markup: string; className?: string }) {
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
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}

/** The icon in a tinted square that heads many cards. */
export function IconBadge({ markup }: { markup: string }) {
  return (
    <span className="mb-4 inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
      <UiIcon markup={markup} />
    </span>
  );
}
