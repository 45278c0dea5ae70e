import { useContext, useEffect } from "react";
import { UNSAFE_DataRouterContext } from "react-router";

type NavigateEvent = Event & { navigationType?: string };

/**
 * After a deploy whose earlier code the server no longer keeps (decision 31), the code of the page a visitor
 * clicks fails to load, and React Router then reloads the page they are on. Where the browser reports that reload
 * through the Navigation API, this goes where the visitor pointed instead, as a full page load. Renders nothing.
 * The target is taken from the router's own state as the navigation starts (its subscribers hear of it before
 * React renders), not from an effect after React commits: the failed load can come first.
 */
export function StaleCodeNavigation() {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  useEffect(() => {
    const navigation = (window as { navigation?: EventTarget }).navigation;
    if (!navigation || !router) return;
    let target: string | null = null;
    const unsubscribe = router.subscribe((state) => {
      const location = state.navigation.location;
      target = location ? location.pathname + location.search + location.hash : null;
    });
    const onNavigate = (event: NavigateEvent) => {
      if (event.navigationType !== "reload" || !event.cancelable || !target) return;
      event.preventDefault();
      window.location.assign(target);
    };
    navigation.addEventListener("navigate", onNavigate as EventListener);
    return () => {
      unsubscribe();
      navigation.removeEventListener("navigate", onNavigate as EventListener);
    };
  }, [router]);
  return null;
}
