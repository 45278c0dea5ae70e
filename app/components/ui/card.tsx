import type { ComponentProps } from "react";

const columns = {
  2: "grid gap-6 md:grid-cols-2",
  3: "grid gap-6 md:grid-cols-2 lg:grid-cols-3",
  // Four across only from 1024 px: at 768 px a quarter of the row cannot hold a figure such as "99.98%" in a
  // wide system font (DejaVu Sans), nor a long word of a card title.
  4: "grid gap-6 sm:grid-cols-2 lg:grid-cols-4",
} as const;

export function CardGrid({ cols, className = "", ...props }: ComponentProps<"div"> & { cols: keyof typeof columns }) {
  return <div className={`${columns[cols]} ${className}`} {...props} />;
}

/**
 * A content card; `lift` adds the hover lift and shadow used on service pages, `flush` drops the padding
 * for cards whose artwork runs to the edges (they pad their own text).
 */
export function Card({ lift = false, flush = false, className = "", ...props }: ComponentProps<"article"> & { lift?: boolean; flush?: boolean }) {
  const hover = lift ? "transition duration-200 hover:-translate-y-1 hover:shadow-xl motion-reduce:transition-none motion-reduce:hover:translate-y-0" : "";
  const padding = flush ? "overflow-hidden" : "p-6";
  return <article className={`flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm ${padding} ${hover} ${className}`} {...props} />;
}

export function CardTitle({ className = "", ...props }: ComponentProps<"h3">) {
  return <h3 className={`text-lg font-semibold text-ink ${className}`} {...props} />;
}

export function BulletList({ items, className = "" }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={`space-y-2 text-slate-600 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-500" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
