/** The logo mark: an arc over a line. Decorative; the brand name is always next to it. */
export function BrandMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
      <rect width="32" height="32" rx="8" className="fill-brand-700" />
      <path d="M8 21a8 8 0 0 1 16 0" fill="none" stroke="white" strokeWidth="3" strokeLinecap="round" />
      <path d="M8 25h16" stroke="var(--color-accent-400)" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
