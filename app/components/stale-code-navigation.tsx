import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";

type NavigateEvent = Event & { navigationType?: string };

/**
 * After a deploy whose earlier code the server no longer keeps (decision 31), the code of the page a visitor
 * clicks fails to load, and React Router then reloads the page they are on. Where the browser reports that reload
 * through the Navigation API, this goes where the visitor pointed instead, as a full page load. Renders nothing.
 */
export function StaleCodeNavigation() {
  const { location } = useNavigation();
  const target = useRef<string | null>(null);
  useEffect(() => {
    target.current = location ? location.pathname + location.search + location.hash : null;
  }, [location]);
  useEffect(() => {
    const navigation = (window as { navigation?: EventTarget }).navigation;
    if (!navigation) return;
    const onNavigate = (event: NavigateEvent) => {
      if (event.navigationType !== "reload" || !event.cancelable || !target.current) return;
      event.preventDefault();
      window.location.assign(target.current);
    };
    navigation.addEventListener("navigate", onNavigate as EventListener);
    return () => navigation.removeEventListener("navigate", onNavigate as EventListener);
  }, []);
  return null;
}
