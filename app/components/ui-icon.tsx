import {
  Activity, Bot, Brain, Briefcase, Building2, Car, ChartColumn, Clock, Cloud, Code, Cpu, Database, Factory, FileCheck,
  Gamepad2, Gauge, Globe, Handshake, HeartPulse, Layers, Leaf, Lightbulb, Lock, Network, Palette, Plane, Puzzle, Radio,
  RefreshCw, Rocket, Scale, Search, Server, Shield, ShoppingCart, Sparkles, Target, TrendingUp, TriangleAlert, Truck,
  Users, Wallet, WifiOff, Wrench, Zap, type LucideIcon,
} from "lucide-react";
import type { UiIconName } from "~/content/icon-names";

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
  network: Network,
  palette: Palette,
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

/** A decorative UI icon named by content; the text next to it carries the meaning. */
export function UiIcon({ name, className = "size-6" }: { name: UiIconName; className?: string }) {
  const Icon = icons[name];
  return <Icon aria-hidden="true" className={className} />;
}

/** The icon in a tinted square that heads many cards. */
export function IconBadge({ name }: { name: UiIconName }) {
  return (
    <span className="mb-4 inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
      <UiIcon name={name} />
    </span>
  );
}
