import type { palette } from "./code-frame.js";

/** A unified diff with its lines coloured (added green, removed red, hunk headers cyan) when colour is on. */
export function colorDiff(diff: string, colors: ReturnType<typeof palette>): string {
  return diff
    .split("\n")
    .map((line) => {
      if (line.startsWith("+++ ") || line.startsWith("--- ")) return colors.bold(line);
      if (line.startsWith("+")) return colors.green(line);
      if (line.startsWith("-")) return colors.red(line);
      if (line.startsWith("@@")) return colors.cyan(line);
      return line;
    })
    .join("\n");
}
