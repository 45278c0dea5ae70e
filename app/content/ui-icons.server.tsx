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

/**
 * Every UI icon as one SVG sprite of <symbol>s (built into /assets by scripts/vite-plugin-ui-icons.ts): pages name
 * their icons and draw them with <use>, so neither their HTML, nor their hydration data, nor the JavaScript carries
 * path data; the sprite loads after the first paint and is cached by every page.
 */
export function uiIconSprite(): string {
  const symbols = Object.entries(icons).map(([name, icon]) => {
    const inner = renderToStaticMarkup(createElement(icon)).replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
    return `<symbol id="${name}" viewBox="0 0 24 24">${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
}
