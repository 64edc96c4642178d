import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

/** What useRefresh reads of the page's router: its state as of now, and word of each change. */
interface RouterState {
  navigation: { state: string };
  revalidation: string;
  fetchers: Map<string, { state: string }>;
}
interface RouterLike {
  state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
}

/** The browser's router, which the Remix client keeps on `window` (absent on the server). */
const pageRouter = () => (typeof window === "undefined" ? undefined : (window as unknown as { __remixRouter?: RouterLike }).__remixRouter);
const isLoading = (s: RouterState) => s.navigation.state !== "idle" || s.revalidation !== "idle" || [...s.fetchers.values()].some((f) => f.state !== "idle");

/**
 * Reloads the page's data. Events can arrive in bursts (a live room's console, the message badge), and
 * a revalidation started while another load is under way aborts it; Remix then logs the aborted
 * response as an error. So a refresh asked for while the page is loading waits, and the requests of a
 * burst collapse into one reload once the page is idle.
 *
 * Whether the page is loading is read from the router itself, as of the call: the hooks' values are
 * those of the last render, and the router's changes render as transitions, so a render for something
 * urgent (a live room's new comments) could still say "idle" while a reload was under way, and a refresh
 * then aborted it (seen in the live console's browser test).
 */
export function useRefresh() {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const rendered = revalidator.state !== "idle" || navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const busyRef = useRef(rendered);
  busyRef.current = rendered;
  const wanted = useRef(false);
  const revalidate = revalidator.revalidate;

  const busyNow = useCallback(() => {
    const router = pageRouter();
    return router ? isLoading(router.state) : busyRef.current;
  }, []);

  const run = useCallback(() => {
    wanted.current = false;
    // Loading starts now, before the next render says so: a second call in this tick must wait.
    busyRef.current = true;
    revalidate();
  }, [revalidate]);

  // A refresh that waited runs once the router is idle again (told by the router, or by a render).
  useEffect(() => {
    const router = pageRouter();
    if (!router) return;
    return router.subscribe((s) => {
      // Out of the router's own update, and checked again then: another change may have come first.
      if (!isLoading(s) && wanted.current) queueMicrotask(() => wanted.current && !busyNow() && run());
    });
  }, [busyNow, run]);
  useEffect(() => {
    if (!rendered && wanted.current && !busyNow()) run();
  }, [rendered, busyNow, run]);

  return useCallback(() => {
    if (busyNow()) wanted.current = true;
    else run();
  }, [busyNow, run]);
}
