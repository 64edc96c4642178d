import sanitizeHtml from "sanitize-html";
import { freshFileUrl } from "../upload/upload.service";

/**
 * The course detail is HTML shown as-is to learners, so only what the editor produces survives:
 * text formatting, headings, lists, quotes, code, links and images. Everything else (scripts, styles,
 * frames, forms, event handlers, javascript:/data: URLs) is dropped.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "s", "h2", "h3", "h4", "ul", "ol", "li", "blockquote", "code", "pre", "hr", "a", "img"],
  allowedAttributes: { a: ["href", "target", "rel"], img: ["src", "alt", "title"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Headings of the editor start at h2 (the page title is the h1).
  transformTags: {
    h1: "h2",
    // Stored without the link signature, which is added again on every read.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, src: (attribs.src ?? "").replace(/^(\/storage\/file\/[^?#]+)[?#].*$/, "$1") } }),
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? "");
      const out: sanitizeHtml.Attributes = {};
      if (attribs.href) out.href = attribs.href;
      if (attribs.href && external) Object.assign(out, { target: "_blank", rel: "noopener noreferrer nofollow" });
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

export const DETAIL_MAX = 50_000;

/** The stored form of a course detail: allow-listed HTML only. */
export function sanitizeCourseHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Images uploaded into the detail are app files whose links expire: re-sign them when the detail is read. */
export function freshDetailHtml(html: string): string {
  return html.replace(/(<img\b[^>]*?\ssrc=")(\/storage\/file\/[^"]+)"/g, (_m, head: string, src: string) => `${head}${freshFileUrl(src.replace(/&amp;/g, "&"), 2 * 86_400).replace(/&/g, "&amp;")}"`);
}
