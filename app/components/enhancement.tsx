import { Component, type ReactNode } from "react";
import { reportSkipped } from "~/lib/enhancement";

type Props = { name: string; fallback?: ReactNode; children: ReactNode };

/**
 * Wraps an enhancement: if it throws while rendering or in an effect, it is logged and replaced by its fallback
 * (nothing by default), instead of the router's error screen replacing the whole page.
 */
export class Enhancement extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    reportSkipped(this.props.name, error);
  }

  render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
