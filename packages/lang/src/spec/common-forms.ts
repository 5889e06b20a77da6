import type { CommonFormsSpec } from "./language-spec-types.js";

/**
 * Forms capable models write by habit (language.md §2, "What models write, accepted where it is
 * safe"). The accepted ones are as bounded as the rest of the language; the refused ones are
 * what prompts and tool descriptions state up front, with the fix. Each accepted `code`
 * validates with `xs` and `n` as parameters (a test checks it).
 */
export const COMMON_FORMS: CommonFormsSpec = Object.freeze({
  accepted: Object.freeze([
    {
      code: "for (let i = 0; i < n; i++) print(i)",
      note: "C-style for: the first part declares with let or assigns; each iteration has its own i",
    },
    {
      code: "xs.forEach(x => { if (x) print(x) })",
      note: "block-bodied arrows hold any statements, plus return",
    },
    {
      code: "xs.map(x => { const doubled = x * 2; return doubled })",
      note: "return is allowed inside an arrow's block only",
    },
    { code: "[...new Set(xs)]", note: "new Set(items) and new Map(pairs), only with new" },
    {
      code: "range(n).filter(i => i % 2 === 0)",
      note: "ranges have the array methods that read them",
    },
  ]),
  refused: Object.freeze([
    {
      construct: "regex lookaround and backreferences",
      hint: "the regex engine is linear-time: match more loosely, then check the match in code",
      instead: "match loosely, then check in code",
    },
    {
      construct: "while and do-while loops",
      hint: "use for (let i = 0; i < n; i++) or for (const x of items)",
      instead: "for (let i = 0; i < n; i++) or for (const x of xs)",
    },
    {
      construct: "function and class declarations",
      hint: "pass arrow functions directly to helpers and methods; use plain objects",
      instead: "arrow functions as arguments; plain objects",
    },
    {
      construct: "try/catch and throw",
      hint: "a failing tool stops the program and is reported; end with an expression instead of throw",
      instead: "none needed: a failing tool stops the program",
    },
    {
      construct: "new of anything but Set and Map",
      hint: "use literals, helpers such as dict(pairs) and list(x), or a kit tool",
      instead: "literals, dict(pairs), list(x)",
    },
  ]),
});
