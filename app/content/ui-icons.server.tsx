import {
  Activity, Bot, Brain, Briefcase, Building2, Car, ChartColumn, Clock, Cloud, Code, Cpu, Database, Factory, FileCheck,
  Gamepad2, Gauge, Globe, Handshake, HeartPulse, Layers, Leaf, Lightbulb, Lock, Mail, MapPin, Network, Palette, Phone, Plane, Puzzle, Radio,
  RefreshCw, Rocket, Scale, Search, Server, Shield, ShoppingCart, Sparkles, Target, TrendingUp, TriangleAlert, Truck,
  Users, Wallet, WifiOff, Wrench, Zap, type LucideIcon,
} from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { UiIconName } from "./icon-names";

const icons = {
  activity: Activity,
  "alert-triangle": TriangleAlert,
  "bar-chart": ChartColumn,
  bot: Bot,
  brain: Brain,
  briefcase: Briefcase,
  building: Building2,
  car: Car,
  clock: Clock,
  cloud: Cloud,
  code: Code,
  cpu: Cpu,
  database: Database,
  factory: Factory,
  "file-check": FileCheck,
  gamepad: Gamepad2,
  gauge: Gauge,
  globe: Globe,
  handshake: Handshake,
  "heart-pulse": HeartPulse,
  layers: Layers,
  leaf: Leaf,
  lightbulb: Lightbulb,
  lock: Lock,
  mail: Mail,
  "map-pin": MapPin,
  network: Network,
  palette: Palette,
  phone: Phone,
  plane: Plane,
  puzzle: Puzzle,
  radio: Radio,
  refresh: RefreshCw,
  rocket: Rocket,
  scale: Scale,
  search: Search,
  server: Server,
  shield: Shield,
  "shopping-cart": ShoppingCart,
  sparkles: Sparkles,
  target: Target,
  "trending-up": TrendingUp,
  truck: Truck,
  users: Users,
  wallet: Wallet,
  "wifi-off": WifiOff,
  wrench: Wrench,
  zap: Zap,
} satisfies Record<UiIconName, LucideIcon>;

/** A content item whose icon name has been rendered to SVG markup. */
export type WithIconMarkup<T extends { icon: UiIconName }> = Omit<T, "icon"> & { icon: string };

/**
 * The inner markup of a UI icon's <svg>, rendered at build time: pages receive a few hundred bytes of
 * SVG per icon they show, instead of an icon library in their JavaScript.
 */
export function uiIconMarkup(name: UiIconName): string {
  return renderToStaticMarkup(createElement(icons[name])).replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
}

export const withIconMarkup = <T extends { icon: UiIconName }>(item: T): WithIconMarkup<T> => ({ ...item, icon: uiIconMarkup(item.icon) });
