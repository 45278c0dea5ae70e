/** A headline figure with its label, e.g. "500+ Projects Delivered". */
export function Stat({ value, label, tone = "light" }: { value: string; label: string; tone?: "light" | "dark" }) {
  return (
    <div>
      <p className={`text-4xl font-bold tracking-tight ${tone === "dark" ? "text-white" : "text-brand-700"}`}>{value}</p>
      <p className={`mt-1 font-medium ${tone === "dark" ? "text-slate-200" : "text-slate-600"}`}>{label}</p>
    </div>
  );
}
