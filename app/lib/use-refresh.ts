import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

/**
 * Reloads the page's data. Events can arrive in bursts (a live room's console, the message badge), and
 * a revalidation started while another load is under way aborts it; Remix then logs the aborted
 * response as an error. So a refresh asked for while the page is loading waits, and the requests of a
 * burst collapse into one reload once the page is idle.
 */
export function useRefresh() {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = revalidator.state !== "idle" || navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const wanted = useRef(false);
  const revalidate = revalidator.revalidate;

  const run = useCallback(() => {
    wanted.current = false;
    // Loading starts now, before the next render says so: a second call in this tick must wait.
    busyRef.current = true;
    revalidate();
  }, [revalidate]);

  useEffect(() => {
    if (!busy && wanted.current) run();
  }, [busy, run]);

  return useCallback(() => {
    if (busyRef.current) wanted.current = true;
    else run();
  }, [run]);
}
