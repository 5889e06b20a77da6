const ENTITIES: Readonly<Record<string, string>> = Object.freeze({
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
});

/** Escapes text for HTML and SVG content and quoted attribute values (`&`, `<`, `>`, quotes). */
export function escapeHtml(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (character) => ENTITIES[character]);
}
