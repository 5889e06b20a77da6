import { Parser, type Options } from "acorn";
import { MAX_SOURCE_BYTES } from "../spec/default-limits.js";
import { utf8ByteLength } from "./utf8-byte-length.js";

/** Minimal ESTree node shape used across lackpy; acorn's nodes carry these fields. */
export interface Node {
  type: string;
  start: number;
  end: number;
  loc?: { start: { line: number; column: number }; end: { line: number; column: number } } | null;
  [key: string]: any;
}

/** Options lackpy parses with: an ES2022 script, with the module-only forms accepted so they can be reported with a hint. */
export const PARSE_OPTIONS: Options = Object.freeze({
  ecmaVersion: 2022,
  sourceType: "script",
  locations: true,
  allowAwaitOutsideFunction: true,
  allowReturnOutsideFunction: true,
  allowImportExportEverywhere: true,
  allowHashBang: false,
}) as Options;

/** A parse that failed, as a value. */
export interface ParseFailure {
  ok: false;
  code: "parse_error" | "program_too_large";
  message: string;
  line: number;
  column: number;
  hint?: string;
}

/** A parse that succeeded. */
export interface ParseSuccess {
  ok: true;
  ast: Node;
}

const WITHOUT_LOCATIONS: Options = Object.freeze({ ...PARSE_OPTIONS, locations: false }) as Options;

/**
 * Parses program text with acorn; never throws for bad input. `locations: false` leaves out
 * each node's `loc` (positions stay available from `start`), which parses about a sixth faster.
 */
export function parseProgram(
  source: unknown,
  options: { locations?: boolean } = {},
): ParseSuccess | ParseFailure {
  if (typeof source !== "string") {
    return {
      ok: false,
      code: "parse_error",
      message: `A program must be a string of JavaScript, not ${source === null ? "null" : typeof source}.`,
      line: 1,
      column: 1,
      hint: "pass the program text",
    };
  }
  // A UTF-16 unit is at most 3 UTF-8 bytes, so only long sources need counting.
  if (
    source.length > MAX_SOURCE_BYTES ||
    (source.length * 3 > MAX_SOURCE_BYTES && utf8ByteLength(source) > MAX_SOURCE_BYTES)
  ) {
    return {
      ok: false,
      code: "program_too_large",
      message: `The program is over ${MAX_SOURCE_BYTES} bytes; lackpy programs are short.`,
      line: 1,
      column: 1,
      hint: "write a short program that calls tools instead of embedding data",
    };
  }
  try {
    const parseOptions = options.locations === false ? WITHOUT_LOCATIONS : PARSE_OPTIONS;
    return { ok: true, ast: Parser.parse(source, parseOptions) as unknown as Node };
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc;
    const raw = error instanceof Error ? error.message : String(error);
    if (error instanceof RangeError || /call stack/i.test(raw)) {
      return {
        ok: false,
        code: "parse_error",
        message: "The program is nested too deeply to parse.",
        line: 1,
        column: 1,
        hint: "split deeply nested expressions into several statements",
      };
    }
    return {
      ok: false,
      code: "parse_error",
      message: `Syntax error: ${raw.replace(/ \(\d+:\d+\)$/, "")}.`,
      line: loc?.line ?? 1,
      column: (loc?.column ?? 0) + 1,
      hint: "write plain JavaScript statements; check brackets, quotes and commas",
    };
  }
}
