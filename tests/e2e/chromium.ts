// How the browser tests start Debian's Chromium: the config's and the proctoring tests' (fake camera) launches.

/**
 * Chromium features off in the browser tests (decision 042). Each new page's window also started the
 * address bar's pop-up as a page of its own (two WebUI renderers), and every navigation kept a spare
 * renderer started for the next one: per test, three renderer processes where one does. Without them the
 * same three spec files took 111-120 s of the machine's CPU instead of 137-159 s. Chromium reads only the
 * last `--disable-features` it is given, so this one also restates the features Playwright turns off in
 * its own (Playwright 1.65's list).
 */
const disabledFeatures = [
  // Playwright's own.
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  // Ours: the address bar's pop-up pages and the spare renderer.
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  "WebUIOmniboxFullPopup",
  "SpareRendererForSitePerProcess",
];

/** Chromium's switches for every browser test. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  `--disable-features=${disabledFeatures.join(",")}`,
];
