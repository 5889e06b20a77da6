import { LackpyError } from "@lackpy/lang";
import { printJson, type CommandContext } from "../io/command-context.js";

/** An error as the `--json` document shows it: `{"success": false, "error": {...}}`. */
export interface ErrorDocument {
  success: false;
  error: { code: string; message: string; hint?: string; [key: string]: unknown };
}

interface ItemError {
  code: string;
  message: string;
  line: number;
  column: number;
  hint?: string;
}

/**
 * Reports an error that ended a command and returns the exit code: 1 for an invalid program,
 * 2 for every other caller mistake (usage, config, unknown kit), 1 for an internal error. With
 * `json`, the only output is one JSON document on stdout; otherwise one short block on stderr.
 */
export function reportError(context: CommandContext, error: unknown, json: boolean): number {
  const document = errorDocument(error, context.debug);
  const exitCode = LackpyError.is(error)
    ? error.code === "invalid_program"
      ? 1
      : 2
    : document.error.code === "usage"
      ? 2
      : 1;
  if (json) {
    printJson(context, document);
    return exitCode;
  }
  const { io, colors } = context;
  const { code, message, hint } = document.error;
  const [first, ...rest] = message.split("\n");
  const tag = code === "usage" || code === "internal_error" ? "" : ` [${code}]`;
  io.stderr(`${colors.red("lackpy")}: ${first}${tag}\n`);
  for (const line of rest) io.stderr(`${line}\n`);
  if (hint) io.stderr(`  hint: ${hint}\n`);
  for (const item of (document.error.errors as ItemError[] | undefined) ?? [])
    io.stderr(
      `  ${item.line}:${item.column + 1} [${item.code}] ${item.message}${item.hint ? ` (hint: ${item.hint})` : ""}\n`,
    );
  if (context.debug && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
  return exitCode;
}

/** The JSON form of an error: code, message, hint, and the details a LackpyError carries. */
export function errorDocument(error: unknown, debug = false): ErrorDocument {
  if (LackpyError.is(error)) {
    const details = error as LackpyError & { errors?: unknown; problems?: unknown; line?: unknown };
    return {
      success: false,
      error: {
        code: error.code,
        message: error.message,
        ...(error.hint ? { hint: error.hint } : {}),
        ...(typeof details.line === "number" ? { line: details.line } : {}),
        ...(Array.isArray(details.errors) ? { errors: details.errors } : {}),
        ...(Array.isArray(details.problems) ? { problems: details.problems } : {}),
      },
    };
  }
  if (error instanceof Error && error.name === "CLIError") {
    return {
      success: false,
      error: {
        code: "usage",
        message: `${stripAnsi(error.message).replace(/\.$/, "")}.`,
        hint: "run the command with --help for usage",
      },
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    success: false,
    error: {
      code: "internal_error",
      message: `internal error: ${message}`,
      ...(debug ? {} : { hint: "run with --debug for the stack trace" }),
    },
  };
}

const ESCAPE = String.fromCharCode(27);

/** Text without ANSI colour sequences. */
export function stripAnsi(text: string): string {
  return text
    .split(ESCAPE)
    .map((part, index) => (index === 0 ? part : part.replace(/^\[[0-9;]*m/, "")))
    .join("");
}
