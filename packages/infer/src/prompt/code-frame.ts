/** The source line at `line` with a caret under `column` (both from 1, as errors give them), or "" when there is no such line. */
export function codeFrame(source: string, line: number, column: number): string {
  const text = source.split("\n")[line - 1];
  if (text === undefined || line < 1) return "";
  const gutter = String(line);
  const caret = " ".repeat(Math.max(0, Math.min(column - 1, text.length)));
  return `${gutter} | ${text}\n${" ".repeat(gutter.length)} | ${caret}^`;
}
