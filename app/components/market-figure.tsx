/** The headline market figure of an industry or resource page. */
export function MarketFigure({ label, value, description }: { label: string; value: string; description: string }) {
  return (
    <div className="mt-10 inline-flex max-w-xl flex-col rounded-2xl border border-white/20 bg-white/10 p-6">
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">{label}</p>
      <p className="mt-1 text-4xl font-bold tracking-tight">{value}</p>
      <p className="mt-2 text-slate-200">{description}</p>
    </div>
  );
}
