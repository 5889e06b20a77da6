import { ServiceError } from "../service-error.js";

/** Refuses an intent that is empty or only spaces, the same way for every entry point (CLI, MCP, embedders). */
export function checkIntent(intent: unknown): string {
  if (typeof intent !== "string" || intent.trim() === "")
    throw new ServiceError("empty_intent", "The intent is empty: say what you want in words.", {
      hint: 'e.g. "list all python files" or "count the TODO lines in src"',
    });
  return intent;
}
