import { parseProgram } from "@lackpy/lang";

const FENCE = /```[^\n`]*\n([\s\S]*?)```/g;

/** Keeps the program out of a model's raw answer: drops `<think>` blocks, prose preambles and markdown fences (any language tag). */
export function sanitize(raw: string): string {
  const text = raw
    .replace(/<think>[\s\S]*?<\/think>/gi, "")
    .replace(/\r\n/g, "\n")
    .trim();
  const blocks = [...text.matchAll(FENCE)].map((match) => match[1].trim());
  if (blocks.length > 0) return blocks.find((block) => parseProgram(block).ok) ?? blocks[0];
  const unclosed = /```[^\n`]*\n([\s\S]*)$/.exec(text);
  if (unclosed) return unclosed[1].trim();
  if (parseProgram(text).ok) return text;
  // Prose before the code: drop leading lines until the rest parses.
  const lines = text.split("\n");
  for (let start = 1; start < lines.length; start++) {
    const rest = lines.slice(start).join("\n").trim();
    if (rest && parseProgram(rest).ok) return rest;
  }
  return text;
}
