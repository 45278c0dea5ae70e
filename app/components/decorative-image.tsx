// Below 768 px decorative images are never shown (the spec); some wait for more room than that.
const showFrom = { md: "hidden md:block", lg: "hidden lg:block" } as const;

/**
 * Decorative artwork from /png/: hidden on small screens, sized to avoid layout shift, and lazy unless it
 * is in the first screen (`eager`).
 */
export function DecorativeImage({
  name,
  className = "",
  width = 640,
  height = 360,
  eager = false,
  from = "md",
}: {
  name: string;
  className?: string;
  width?: number;
  height?: number;
  eager?: boolean;
  from?: keyof typeof showFrom;
}) {
  return (
    <picture className={`${showFrom[from]} ${className}`}>
      <source srcSet={`/png/${name}.webp`} type="image/webp" />
      <img src={`/png/${name}.png`} alt="" width={width} height={height} loading={eager ? "eager" : "lazy"} decoding="async" className="h-auto w-full" />
    </picture>
  );
}
