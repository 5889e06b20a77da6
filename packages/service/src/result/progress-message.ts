import type { ProgressEvent } from "./progress-event.js";

/**
 * A progress event in words, as the CLI's progress line and MCP progress notifications show it:
 * `running: 12 tool calls, 340 files read, 4.2 s`; "" for the end.
 */
export function progressMessage(event: ProgressEvent): string {
  switch (event.kind) {
    case "tier":
      return `generating with ${event.provider} (${event.tier})`;
    case "running":
      return "running the program";
    case "run":
      return `running: ${count(event.toolCalls, "tool call")}, ${count(event.filesRead, "file")} read, ${(event.elapsedMs / 1000).toFixed(1)} s`;
    case "done":
      return "";
  }
}

function count(value: number, noun: string): string {
  return `${value} ${noun}${value === 1 ? "" : "s"}`;
}
