import { medalOf } from "@trpc-app/checkin/schemas";

/** Bronze, silver and gold for the 3-, 7- and 15-day medals; grey while not held. */
const METALS: Record<number, { rim: string; face: string; shine: string; text: string }> = {
  1: { rim: "#a35a23", face: "#e39a5b", shine: "#f8cfa4", text: "#6b3510" },
  2: { rim: "#6f7b8a", face: "#c3ccd6", shine: "#f1f4f8", text: "#3f4954" },
  3: { rim: "#b67d00", face: "#f5c02e", shine: "#fff0b3", text: "#7a4d00" },
};
const GREY = { rim: "#a9aeb8", face: "#d8dbe1", shine: "#f2f3f5", text: "#86909c" };

/** The medal as an SVG document (a picture the pages show and the share image draws). */
export function medalSvg(medalType: number, earned: boolean): string {
  const m = earned ? (METALS[medalType] ?? GREY) : GREY;
  const days = medalOf(medalType)?.days ?? 0;
  const id = `m${medalType}${earned ? 1 : 0}`;
  const ribbonL = earned ? "#f53f3f" : "#c9cdd4";
  const ribbonR = earned ? "#006bfd" : "#b5bac3";
  const fontSize = days >= 10 ? 34 : 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 140" width="120" height="140">
<defs>
<radialGradient id="${id}f" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="${m.shine}"/><stop offset="1" stop-color="${m.face}"/></radialGradient>
<linearGradient id="${id}r" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${m.face}"/><stop offset="1" stop-color="${m.rim}"/></linearGradient>
</defs>
<polygon points="28,0 52,0 72,56 50,62" fill="${ribbonL}"/>
<polygon points="92,0 68,0 48,56 70,62" fill="${ribbonR}"/>
<polygon points="40,0 46,0 64,52 58,54" fill="#ffffff" opacity="0.35"/>
<circle cx="60" cy="90" r="46" fill="url(#${id}r)"/>
<circle cx="60" cy="90" r="38" fill="url(#${id}f)" stroke="${m.rim}" stroke-width="1.5"/>
<circle cx="60" cy="90" r="33" fill="none" stroke="${m.rim}" stroke-width="1" stroke-dasharray="2 3" opacity="0.7"/>
<path d="M60 56 l3 6 6.5 1 -4.7 4.5 1.1 6.5 -5.9 -3.1 -5.9 3.1 1.1 -6.5 -4.7 -4.5 6.5 -1z" fill="${m.rim}" transform="translate(0 -4) scale(1)" opacity="0.85"/>
<text x="60" y="${days >= 10 ? 101 : 103}" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${fontSize}" fill="${m.text}">${days}</text>
<text x="60" y="119" text-anchor="middle" font-family="'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif" font-size="11" fill="${m.text}">天</text>
</svg>`;
}

export const medalSrc = (medalType: number, earned: boolean) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(medalSvg(medalType, earned))}`;

export function MedalImage({ medalType, earned, size = 72, className }: { medalType: number; earned: boolean; size?: number; className?: string }) {
  const title = medalOf(medalType)?.title ?? "勋章";
  return <img src={medalSrc(medalType, earned)} width={size} height={Math.round((size * 140) / 120)} alt={earned ? `${title}勋章` : `${title}勋章（未获得）`} className={className} draggable={false} />;
}
