// Below 768 px decorative images are never shown (the spec); some wait for more room than that.
const breakpoints = {
  md: { className: "hidden md:block", media: "(min-width: 768px)" },
  lg: { className: "hidden lg:block", media: "(min-width: 1024px)" },
} as const;

// What the <img> holds where no <source> applies: phones never download artwork they do not show.
const EMPTY_GIF = "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==";

/**
 * Decorative artwork from /png/ (WebP, PNG fallback): sized to avoid layout shift, lazy unless it is in
 * the first screen (`eager`), and neither shown nor fetched on small screens.
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
  from?: keyof typeof breakpoints;
}) {
  const { className: visibility, media } = breakpoints[from];
  return (
    <picture className={`${visibility} ${className}`}>
      <source media={media} srcSet={`/png/${name}.webp`} type="image/webp" />
      <source media={media} srcSet={`/png/${name}.png`} type="image/png" />
      <img src={EMPTY_GIF} alt="" width={width} height={height} loading={eager ? "eager" : "lazy"} decoding="async" className="h-auto w-full" />
    </picture>
  );
}
