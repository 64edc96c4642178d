import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/utils";
import { imageBox, type CertField, type CertFieldKey } from "@base/cert-layout";
import { FIELD_NAMES, isImageField, sampleText, type SampleContext } from "./fields";

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));

/** A QR code look-alike: the real code is drawn by the server with the certificate's verify link. */
function QrPlaceholder() {
  const finder = (x: number, y: number) => (
    <g key={`${x}-${y}`}>
      <rect x={x} y={y} width="7" height="7" fill="#111" />
      <rect x={x + 1} y={y + 1} width="5" height="5" fill="#fff" />
      <rect x={x + 2} y={y + 2} width="3" height="3" fill="#111" />
    </g>
  );
  const cells: JSX.Element[] = [];
  for (let r = 0; r < 25; r++)
    for (let c = 0; c < 25; c++) {
      const inFinder = (r < 8 && c < 8) || (r < 8 && c > 16) || (r > 16 && c < 8);
      if (!inFinder && (r * 7 + c * 13 + ((r * c) % 5)) % 3 === 0) cells.push(<rect key={`${r}-${c}`} x={c} y={r} width="1" height="1" fill="#111" />);
    }
  return (
    <svg viewBox="-2 -2 29 29" className="h-full w-full bg-white" aria-hidden>
      {finder(0, 0)}
      {finder(18, 0)}
      {finder(0, 18)}
      {cells}
    </svg>
  );
}

interface Drag {
  key: CertFieldKey;
  pointerId: number;
  startX: number;
  startY: number;
  fx: number;
  fy: number;
  w: number;
  h: number;
  moved: boolean;
}

/**
 * The certificate drawn at a scale that fits its column: the background and every placed field with
 * sample content. Fields are moved by dragging (or the arrow keys once selected); positions stay in the
 * template's own pixels and inside the canvas.
 */
export function CertCanvas({
  width,
  height,
  backgroundUrl,
  sealUrl,
  fields,
  selected,
  sample,
  maxHeight = 620,
  onSelect,
  onMove,
}: {
  width: number;
  height: number;
  backgroundUrl: string;
  sealUrl: string;
  fields: CertField[];
  selected: CertFieldKey | null;
  sample: SampleContext;
  maxHeight?: number;
  onSelect: (key: CertFieldKey | null) => void;
  onMove: (key: CertFieldKey, x: number, y: number) => void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [avail, setAvail] = useState(760);
  const drag = useRef<Drag | null>(null);
  const boxes = useRef(new Map<CertFieldKey, HTMLElement>());

  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => setAvail(Math.max(240, el.clientWidth));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const scale = Math.min(avail / width, maxHeight / height);

  /** The field's top-left corner for a box whose visible left edge is `left`. */
  const anchorX = (f: CertField, left: number, w: number) => (isImageField(f.key) || !f.align || f.align === "left" ? left : f.align === "center" ? left + w / 2 : left + w);
  const leftOf = (f: CertField, w: number) => (isImageField(f.key) || !f.align || f.align === "left" ? f.x : f.align === "center" ? f.x - w / 2 : f.x - w);

  /** Keeps a field's whole box on the canvas. */
  function place(f: CertField, x: number, y: number, w: number, h: number) {
    const left = clamp(leftOf({ ...f, x }, w), 0, width - w);
    const top = clamp(y, 0, height - h);
    onMove(f.key, Math.round(anchorX(f, left, w)), Math.round(top));
  }

  function sizeOf(key: CertFieldKey) {
    const el = boxes.current.get(key);
    return el ? { w: el.offsetWidth / scale, h: el.offsetHeight / scale } : { w: 0, h: 0 };
  }

  function down(e: React.PointerEvent<HTMLElement>, f: CertField) {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    onSelect(f.key);
    e.currentTarget.focus();
    e.currentTarget.setPointerCapture(e.pointerId);
    const { w, h } = sizeOf(f.key);
    drag.current = { key: f.key, pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, fx: f.x, fy: f.y, w, h, moved: false };
  }
  function move(e: React.PointerEvent<HTMLElement>, f: CertField) {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId || d.key !== f.key) return;
    const dx = (e.clientX - d.startX) / scale;
    const dy = (e.clientY - d.startY) / scale;
    if (!d.moved && Math.abs(dx) + Math.abs(dy) < 1) return;
    d.moved = true;
    place(f, d.fx + dx, d.fy + dy, d.w, d.h);
  }
  function up(e: React.PointerEvent<HTMLElement>) {
    if (drag.current?.pointerId === e.pointerId) drag.current = null;
  }
  function key(e: React.KeyboardEvent<HTMLElement>, f: CertField) {
    const step = e.shiftKey ? 10 : 1;
    const delta: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const d = delta[e.key];
    if (!d) return;
    e.preventDefault();
    const { w, h } = sizeOf(f.key);
    place(f, f.x + d[0], f.y + d[1], w, h);
  }

  return (
    <div ref={frame} className="w-full">
      <div
        data-testid="cert-canvas"
        data-scale={scale.toFixed(4)}
        className="relative mx-auto select-none overflow-hidden shadow-[0_2px_12px_rgba(0,0,0,0.12)]"
        style={{ width: width * scale, height: height * scale, background: "#fffdf6", touchAction: "none" }}
        onPointerDown={() => onSelect(null)}
      >
        {backgroundUrl ? (
          <img src={backgroundUrl} alt="证书背景" draggable={false} className="pointer-events-none absolute inset-0 h-full w-full object-cover" />
        ) : (
          <div className="pointer-events-none absolute border-[#b8860b]" style={{ left: 21 * scale, top: 21 * scale, right: 21 * scale, bottom: 21 * scale, borderWidth: Math.max(1, 6 * scale) }} />
        )}
        {fields.map((f) => {
          const active = selected === f.key;
          const common = {
            ref: (el: HTMLElement | null) => {
              if (el) boxes.current.set(f.key, el);
              else boxes.current.delete(f.key);
            },
            role: "button",
            tabIndex: 0,
            "aria-label": `字段：${FIELD_NAMES[f.key]}`,
            "aria-pressed": active,
            "data-field": f.key,
            title: `${FIELD_NAMES[f.key]}（拖动调整位置）`,
            onPointerDown: (e: React.PointerEvent<HTMLElement>) => down(e, f),
            onPointerMove: (e: React.PointerEvent<HTMLElement>) => move(e, f),
            onPointerUp: up,
            onPointerCancel: up,
            onKeyDown: (e: React.KeyboardEvent<HTMLElement>) => key(e, f),
            className: cn(
              "absolute cursor-move outline-offset-1 focus:outline-none",
              active ? "z-10 outline outline-2 outline-primary" : "outline-dashed outline-1 outline-[#86909c]/70 hover:outline-primary",
            ),
          };
          if (isImageField(f.key)) {
            const { w, h } = imageBox(f);
            return (
              <div key={f.key} {...common} style={{ left: f.x * scale, top: f.y * scale, width: w * scale, height: h * scale }}>
                {f.key === "photo" && (
                  <div className="flex h-full w-full items-center justify-center border border-[#ccc] bg-[#f1f1f1] text-[#86909c]" style={{ fontSize: Math.max(9, 16 * scale) }}>
                    证件照
                  </div>
                )}
                {f.key === "seal" &&
                  (sealUrl ? (
                    <img src={sealUrl} alt="印章" draggable={false} className="pointer-events-none h-full w-full object-contain" />
                  ) : (
                    <div className="flex h-full w-full items-center justify-center rounded-full border-2 border-dashed border-[#d22]/70 text-[#d22]/80" style={{ fontSize: Math.max(9, 18 * scale) }}>
                      印章
                    </div>
                  ))}
                {f.key === "qr" && <QrPlaceholder />}
              </div>
            );
          }
          const shift = f.align === "center" ? "translateX(-50%)" : f.align === "right" ? "translateX(-100%)" : undefined;
          return (
            <span
              key={f.key}
              {...common}
              style={{
                left: f.x * scale,
                top: f.y * scale,
                transform: shift,
                fontSize: f.size * scale,
                lineHeight: 1.05,
                color: f.color ?? "#222222",
                fontWeight: f.bold ? 700 : 400,
                fontFamily: f.key === "certName" ? '"Noto Serif CJK SC", "Noto Sans CJK SC", serif' : '"Noto Sans CJK SC", sans-serif',
                whiteSpace: "nowrap",
              }}
            >
              {sampleText(f, sample)}
            </span>
          );
        })}
      </div>
    </div>
  );
}
