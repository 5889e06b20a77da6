import { languageSummary } from "./language-summary.js";
import type { LackpyToolMode } from "./lackpy-tool-options.js";

/** What the model is told about the tool's one input field, by field name. */
export const INPUT_DESCRIPTIONS = Object.freeze({
  program:
    "The lackpy program: short JavaScript that calls the kit's tools by bare name and ends with an expression whose value is the answer.",
  intent: "What you want done over the workspace, in words.",
});

/** A kit as `LackpyService.kitInfo` describes it: its name and its tools' typed signatures, one a line. */
export interface DescribedKit {
  name: string;
  description: string;
}

/**
 * The tool description the calling model reads: in `program` mode what it may call (the kit's
 * typed signatures) and what to write (the language summary); in `delegate` mode what lackpy can
 * do for an intent.
 */
export function toolDescription(mode: LackpyToolMode, kit: DescribedKit): string {
  const tools = `Kit '${kit.name}', tools:\n${kit.description || "(none)"}`;
  if (mode === "delegate")
    return [
      "Delegate a task over the workspace to lackpy instead of making many tool calls yourself: give the intent in words. lackpy writes a short program (from a saved template, a rule, or a model), validates it, runs it with limits, and returns the output, the program it ran and a summary of its tool calls.",
      tools,
    ].join("\n\n");
  return [
    "Run one lackpy program instead of many tool calls: write a short program that calls the tools below and ends with the value you want. lackpy validates it, runs it with limits, and returns the output, stdout and a summary of the tool calls. When the result has success: false, read error.errors (line, column, message, hint), fix the program and call this tool again.",
    tools,
    languageSummary(),
  ].join("\n\n");
}
