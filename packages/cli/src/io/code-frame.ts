import { styleMark } from "./terminal-text.js";

/** Colours as style markers (`styleMark`, which the terminal io turns into ANSI), or plain text when colour is off. */
export function palette(enabled: boolean) {
  const wrap = (open: number, close: number) => (text: string) =>
    enabled ? `${styleMark(`${open}m`)}${text}${styleMark(`${close}m`)}` : text;
  return {
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
    gray: wrap(90, 39),
    bold: wrap(1, 22),
  };
}

/** A few lines of source around `line` with a caret under `column` (both from 1, as errors give them). */
export function codeFrame(
  source: string,
  line: number,
  column: number,
  options: { color?: boolean; context?: number } = {},
): string {
  const colors = palette(options.color ?? false);
  const lines = source.split(/\r?\n/);
  const context = options.context ?? 1;
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let number = first; number <= last; number++) {
    const marker = number === line ? colors.red(">") : " ";
    out.push(`${marker} ${colors.gray(String(number).padStart(width))} | ${lines[number - 1]}`);
    if (number === line)
      out.push(`  ${" ".repeat(width)} | ${" ".repeat(Math.max(0, column - 1))}${colors.red("^")}`);
  }
  return out.join("\n");
}
