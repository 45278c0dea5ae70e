import type { ComponentProps } from "react";
import { Link, type LinkProps } from "react-router";

const variants = {
  primary: "bg-brand-600 text-white hover:bg-brand-800",
  secondary: "border border-brand-600 bg-white text-brand-700 hover:bg-brand-50",
  light: "bg-white text-brand-800 hover:bg-brand-100",
  outlineLight: "border border-white/70 text-white hover:bg-white/10",
} as const;

export type ButtonVariant = keyof typeof variants;

export const buttonClass = (variant: ButtonVariant = "primary", extra = "") =>
  `inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${extra}`;

export function Button({ variant, className, ...props }: ComponentProps<"button"> & { variant?: ButtonVariant }) {
  return <button className={buttonClass(variant, className)} {...props} />;
}

export function ButtonLink({ variant, className, ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
