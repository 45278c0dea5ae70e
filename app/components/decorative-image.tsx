/** Decorative artwork from /png/: hidden on small screens, sized to avoid layout shift, lazy below the fold. */
export function DecorativeImage({ name, className = "" }: { name: string; className?: string }) {
  return (
    <picture className={`hidden md:block ${className}`}>
      <source srcSet={`/png/${name}.webp`} type="image/webp" />
      <img src={`/png/${name}.png`} alt="" width={640} height={360} loading="lazy" decoding="async" className="h-auto w-full" />
    </picture>
  );
}
