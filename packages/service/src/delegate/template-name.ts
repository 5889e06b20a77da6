import { normaliseIntent } from "@lackpy/infer/node";

/** A plain template name derived from an intent: `auto-count-lines-in-arg-1x2y3z`. */
export function templateNameFor(intent: string): string {
  const slug = normaliseIntent(intent)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48);
  return `auto-${slug || "intent"}-${hash(normaliseIntent(intent))}`;
}

function hash(text: string): string {
  let value = 2166136261;
  for (let index = 0; index < text.length; index++)
    value = Math.imul(value ^ text.charCodeAt(index), 16777619);
  return (value >>> 0).toString(36).slice(0, 6);
}
