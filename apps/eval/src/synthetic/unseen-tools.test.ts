import { describe, expect, it } from "vitest";
import { hideUnseenTools, shownTools } from "./unseen-tools.js";

const SMALL =
  "You write short lackpy programs.\n\nTools:\nread_file(path: string) -> string\nfind_files(pattern: string) -> string[]\n\nHelpers: len(x).";
const LARGE =
  "You write short lackpy programs.\n\nTools:\n(3 of the kit's 152 tools: those that fit the request)\nfind_files(pattern: string) -> string[]\ngithub_search_code(query: string) -> object\nsearch_files(text: string) -> object[]\n\nHelpers: len(x).";

describe("shownTools", () => {
  it("is null for a prompt that shows the whole kit", () => {
    expect(shownTools(SMALL)).toBeNull();
    expect(shownTools("no tools section")).toBeNull();
  });

  it("names the tools a large kit's prompt shows", () => {
    expect(shownTools(LARGE)).toEqual(
      new Set(["find_files", "github_search_code", "search_files"]),
    );
  });
});

describe("hideUnseenTools", () => {
  it("renames the calls of intent tools the prompt left out, and nothing else", () => {
    const program =
      'const files = find_files("**/*.ts")\nfiles.map(file => read_file(file).length)';
    expect(hideUnseenTools(program, LARGE)).toBe(
      'const files = find_files("**/*.ts")\nfiles.map(file => unseen_read_file(file).length)',
    );
    expect(hideUnseenTools(program, SMALL)).toBe(program);
    expect(hideUnseenTools("x.read_file(1)", LARGE)).toBe("x.read_file(1)");
  });
});
