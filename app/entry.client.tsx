import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// A navigation the learner or admin interrupts (a click while a search is still loading) rejects data
// requests nobody waits for any more with an AbortError: expected, not an error of the page.
window.addEventListener("unhandledrejection", (e) => {
  if (e.reason instanceof DOMException && e.reason.name === "AbortError") e.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
