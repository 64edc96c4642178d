import { useEffect, type CSSProperties, type ReactNode } from "react";

/** Playback speeds every on-demand player offers. */
export const PLAYBACK_RATES = "0.5 0.75 1 1.25 1.5 2";

let loading: Promise<unknown> | null = null;

/**
 * Defines media-chrome's elements, in the browser only and on first use (a chunk of its own). The
 * Chinese labels are registered and chosen before any element reads them.
 */
export function loadPlayerChrome() {
  loading ??= Promise.all([import("media-chrome/utils/i18n"), import("media-chrome/lang/zh-CN")])
    .then(([i18n]) => i18n.setLanguage("zh-CN"))
    .then(() => import("media-chrome"))
    .then(() => import("media-chrome/menu"))
    .catch((e: unknown) => {
      loading = null;
      console.warn("player controls failed to load", e);
    });
  return loading;
}

const theme = {
  "--media-primary-color": "#ffffff",
  "--media-secondary-color": "transparent",
  "--media-control-background": "transparent",
  "--media-control-hover-background": "rgba(255,255,255,0.12)",
  "--media-range-bar-color": "#006bfd",
  "--media-range-track-background": "rgba(255,255,255,0.3)",
  "--media-font-family": "inherit",
  "--media-font-size": "13px",
  "--media-menu-background": "rgba(20,24,30,0.92)",
} as CSSProperties;

/**
 * An on-demand player's controls around a slotted `<video slot="media">`: play/pause, seek bar,
 * current/total time, speed 0.5–2x, volume and fullscreen; they hide 5 s after the pointer stops
 * (learner-front-end.md, live room). `extra` sits before fullscreen; `overlay` is centred on the
 * picture and stays there in fullscreen.
 */
export function PlayerChrome({ children, extra, overlay, className, testId = "player-controls" }: { children: ReactNode; extra?: ReactNode; overlay?: ReactNode; className?: string; testId?: string }) {
  useEffect(() => void loadPlayerChrome(), []);
  return (
    // Custom elements take `class` as it is: React 18 would write `className` out literally.
    <media-controller lang="zh-CN" autohide="5" class={className} style={theme}>
      {children}
      <media-loading-indicator slot="centered-chrome" noautohide="" />
      {overlay}
      <media-playback-rate-menu hidden anchor="auto" rates={PLAYBACK_RATES} />
      <media-control-bar data-testid={testId} class="bg-gradient-to-t from-black/70 to-transparent px-1">
        <media-play-button />
        <media-time-range />
        <media-time-display showduration="" />
        <media-mute-button />
        <media-volume-range />
        <media-playback-rate-menu-button />
        {extra}
        <media-fullscreen-button />
      </media-control-bar>
    </media-controller>
  );
}

type ElementProps = React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & { [attribute: string]: unknown };

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "media-controller": ElementProps;
      "media-control-bar": ElementProps;
      "media-loading-indicator": ElementProps;
      "media-play-button": ElementProps;
      "media-time-range": ElementProps;
      "media-time-display": ElementProps;
      "media-mute-button": ElementProps;
      "media-volume-range": ElementProps;
      "media-playback-rate-menu": ElementProps;
      "media-playback-rate-menu-button": ElementProps;
      "media-fullscreen-button": ElementProps;
    }
  }
}
