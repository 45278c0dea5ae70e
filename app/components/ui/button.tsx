import type { ComponentProps } from "react";
import { Link, type LinkProps } from "react-router";

const variants = {
  primary: "bg-brand-600 text-white hover:bg-brand-800",
  secondary: "border border-brand-600 bg-white text-brand-700 hover:bg-brand-50",
  light: "bg-white text-brand-800 hover:bg-brand-100",
  outlineLight: "border border-white/70 text-white hover:bg-white/10",
} as const;

// Padding and type size live only here: two Tailwind utilities for the same property in one class list
// are decided by stylesheet order, not by their order in the list, so a caller must never add its own.
const sizes = {
  md: "px-6 py-3 text-base",
  sm: "px-5 py-2 text-sm",
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** Classes of a pill button; `extra` is for layout only (width, margin), never padding or font size. */
export const buttonClass = (variant: ButtonVariant = "primary", size: ButtonSize = "md", extra = "") =>
  `inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${sizes[size]} ${variants[variant]} ${extra}`.trim();

export function Button({ variant, size, className, ...props }: ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button className={buttonClass(variant, size, className)} {...props} />;
}

export function ButtonLink({ variant, size, className, ...props }: LinkProps & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}
