import { useEffect, useImperativeHandle, useRef, useState, type ComponentType, type Ref, type RefAttributes } from "react";
import type ReCAPTCHA from "react-google-recaptcha";
import type { ReCAPTCHAProps } from "react-google-recaptcha";
import { contactConfig } from "~/config/contact";
import { reportSkipped } from "~/lib/enhancement";
import { CaptchaLoadFailed, CaptchaLoading } from "./captcha-notes";

/*
 * The reCAPTCHA v2 checkbox, behind our own small interface so the unmaintained react-google-recaptcha
 * (see docs/pitfalls §1) can be swapped out without touching the form.
 * Google's script is heavy, so neither the library nor the script loads until the form comes near the
 * viewport: nothing of it is on the first paint.
 */

export type CaptchaHandle = {
  /** The current token, or null when the box is not ticked (or the tick has expired). */
  getToken(): string | null;
  /** Clears the tick: tokens are single-use, so after every submit attempt the visitor ticks again. */
  reset(): void;
};

type Props = {
  ref?: Ref<CaptchaHandle>;
  onTokenChange?: (token: string | null) => void;
};

type RecaptchaOptions = { enterprise?: boolean; useRecaptchaNet?: boolean };
type Widget = ComponentType<Omit<ReCAPTCHAProps, "asyncScriptOnLoad"> & { asyncScriptOnLoad?: (state: { loaded?: boolean; errored?: boolean }) => void } & RefAttributes<ReCAPTCHA>>;
type Phase = "waiting" | "loading" | "ready" | "failed";

declare global {
  interface Window {
    recaptchaOptions?: RecaptchaOptions;
  }
}

/** Start loading this far before the form scrolls into view, so the widget is usually ready when seen. */
const NEAR_VIEWPORT = "800px 0px";

/**
 * Google draws the checkbox in an iframe of a fixed size: 304x78 px, or 164x144 px "compact". Where the form is
 * narrower than 304 px (phones of 360 px and less), the normal box would stick out of the card and make the
 * page scroll sideways (Chrome then zooms the whole page out), so the widget is rendered compact there.
 * The placeholder reserves the matching height by a container query on the same width (app.css, .captcha-slot).
 */
export const NORMAL_CAPTCHA_WIDTH = 304;
export function captchaSize(availableWidth: number): "normal" | "compact" {
  return availableWidth >= NORMAL_CAPTCHA_WIDTH ? "normal" : "compact";
}

export function Captcha({ ref, onTokenChange }: Props) {
  const placeholder = useRef<HTMLDivElement>(null);
  const widget = useRef<ReCAPTCHA>(null);
  const token = useRef<string | null>(null);
  const [Widget, setWidget] = useState<Widget | null>(null);
  const [phase, setPhase] = useState<Phase>("waiting");
  const [widgetError, setWidgetError] = useState(false);
  const [size, setSize] = useState<"normal" | "compact">("normal");

  const setToken = (value: string | null) => {
    token.current = value;
    onTokenChange?.(value);
  };

  useImperativeHandle(ref, () => ({
    getToken: () => token.current || widget.current?.getValue() || null,
    reset: () => {
      widget.current?.reset();
      setToken(null);
    },
  }));

  useEffect(() => {
    const element = placeholder.current;
    if (!element) return;
    let cancelled = false;
    const load = () => {
      setPhase("loading");
      // Google cannot resize a rendered widget: pick its size once, from the room it has when it loads.
      setSize(captchaSize(element.clientWidth));
      try {
        // The library reads these when it builds the script URL, so they must be set before it evaluates.
        window.recaptchaOptions = {
          ...window.recaptchaOptions,
          enterprise: contactConfig.recaptchaEnterprise,
          useRecaptchaNet: contactConfig.recaptchaUseRecaptchaNet,
        };
      } catch (error) {
        // Runs from an observer's callback, outside React's reach: say so in the box rather than load forever.
        reportSkipped("reCAPTCHA loader", error);
        setPhase("failed");
        return;
      }
      import("react-google-recaptcha").then(
        (module) => {
          if (!cancelled) setWidget(() => module.default as unknown as Widget);
        },
        () => {
          // Our own chunk failed (offline, or a deploy replaced it): same remedy for the visitor.
          if (!cancelled) setPhase("failed");
        },
      );
    };
    if (typeof IntersectionObserver === "undefined") {
      load();
      return () => {
        cancelled = true;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          load();
        }
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, []);

  // A script that neither loads nor errors (a filter that swallows it, a captive portal) must not leave
  // the visitor staring at an empty box.
  useEffect(() => {
    if (phase !== "loading" || !Widget) return;
    const timer = setTimeout(() => setPhase((current) => (current === "loading" ? "failed" : current)), contactConfig.recaptchaLoadTimeoutMs);
    return () => clearTimeout(timer);
  }, [phase, Widget]);

  return (
    <div className="captcha-slot">
      <div ref={placeholder} className="captcha-box" data-captcha-phase={phase}>
        {Widget && phase !== "failed" ? (
          <Widget
            ref={widget}
            sitekey={contactConfig.recaptchaSiteKey}
            theme="light"
            size={size}
            onChange={(value) => {
              setWidgetError(false);
              setToken(value);
            }}
            // An expired tick no longer counts: the visitor has to tick again before sending.
            onExpired={() => setToken(null)}
            onErrored={() => {
              setToken(null);
              setWidgetError(true);
            }}
            asyncScriptOnLoad={(state) => setPhase(state.errored ? "failed" : "ready")}
          />
        ) : null}
        {phase === "waiting" || phase === "loading" ? <CaptchaLoading /> : null}
      </div>
      {phase === "failed" ? <CaptchaLoadFailed /> : null}
      {widgetError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          The reCAPTCHA check lost its connection. Please tick the box again.
        </p>
      ) : null}
    </div>
  );
}
