import { describe, expect, it } from "vitest";
import { formatTemplate, parseTemplate, type Template } from "./template.js";

describe("parseTemplate", () => {
  it("round-trips what formatTemplate writes, with the line the program starts on", () => {
    const template: Template = {
      name: "count",
      pattern: 'count lines in {file} "quoted"',
      successCount: 2,
      failCount: 1,
      created: "2026-11-23T00:00:00Z",
      kit: "readonly",
      params: ["country", "limit"],
      program: 'len(read_file(file).split("\\n"))',
    };
    expect(parseTemplate(formatTemplate(template), "t.tmpl")).toEqual({
      ok: true,
      template,
      programLine: 10,
    });
  });

  it("round-trips the origin and a demoted file's time and reason, quotes and line breaks included", () => {
    const template: Template = {
      name: "auto-x",
      pattern: "count {x}",
      successCount: 1,
      failCount: 4,
      origin: "ratchet",
      demotedAt: "2026-11-23T00:00:00.000Z",
      demotedReason: 'failed 4 times; last error: tool_error: "x"\nsecond line',
      program: "len(x)",
    };
    const text = formatTemplate(template);
    expect(text).toContain("origin: ratchet\n");
    expect(parseTemplate(text, "t.tmpl")).toMatchObject({ ok: true, template });
    expect(parseTemplate(formatTemplate({ ...template, origin: "person" }))).toMatchObject({
      template: { origin: "person" },
    });
  });

  it("leaves the origin out when the file does not name one", () => {
    const parsed = parseTemplate("---\nname: x\n---\n1");
    expect(parsed.ok && "origin" in parsed.template).toBe(false);
  });

  it.each([
    ["name: x\n", "t.tmpl:1: a template starts with front matter between --- lines."],
    ["", "t.tmpl:1: a template starts with front matter between --- lines."],
    ["len(x)\n", "t.tmpl:1: a template starts with front matter between --- lines."],
    ["---\nname: x\n", "t.tmpl:1: the front matter is not closed with ---."],
    ["---\nname: x\n---\n", "t.tmpl:4: the template has no program."],
    ["---\nname: x\n---\n   \n\n", "t.tmpl:4: the template has no program."],
    [
      "---\nname: x\ncolour: red\n---\n1",
      "t.tmpl:3: unknown key 'colour'; keys are name, pattern, success_count, fail_count, created, kit, params, origin, demoted_at, demoted_reason.",
    ],
    [
      "---\nname: x\norigin: robot\n---\n1",
      "t.tmpl:3: origin must be person or ratchet, not 'robot'.",
    ],
    ["---\nname x\n---\n1", "t.tmpl:2: cannot read 'name x'; write key: value."],
    ["---\npattern: x\n---\n1", "t.tmpl:2: the template has no name."],
    ["---\nname: x\n\nfail_count: -1\n---\n1", "t.tmpl:4: fail_count must be a whole number."],
    ["---\nname: x\nsuccess_count: 1.5\n---\n1", "t.tmpl:3: success_count must be a whole number."],
    ["---\nname: x\nparams: a, 2b\n---\n1", "t.tmpl:3: '2b' in params is not a parameter name."],
    [
      '---\nname: x\npattern: "{a} and {a}"\n---\n1',
      "t.tmpl:3: the pattern cannot be used: it repeats the placeholder {a}.",
    ],
    [
      '---\nname: x\npattern: "{a}{b}{c}\u00e9"\n---\n1',
      "t.tmpl:3: the pattern cannot be used: it puts the placeholders {a} and {b} side by side, with no text between them to tell where one ends.",
    ],
    [
      '---\nname: x\npattern: "{request}"\n---\n1',
      "t.tmpl:3: the pattern cannot be used: it has no word of its own (every word touches a placeholder), so it would answer almost any request.",
    ],
  ])("reports the bad template %j with file and line", (text, message) => {
    const parsed = parseTemplate(text, "t.tmpl");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.message).toBe(message);
      expect(parsed.error).toMatchObject({ code: "invalid_template", file: "t.tmpl" });
      expect(parsed.error.hint).toBeTruthy();
    }
  });

  it.each([
    ["---\nname: x\n---\nlen(", 4],
    ["---\nname: x\npattern: p\n---\nconst a = 1\nconst b = (a\nb", 7],
    ["---\nname: x\n---\n\n\nfind_files('*'))", 6],
    ["---\r\nname: x\r\n---\r\nconst = 2\r\n", 4],
  ])("names the file and the file's line of a syntax error in %j", (text, line) => {
    const parsed = parseTemplate(text, ".lackpy/templates/x.tmpl");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error).toMatchObject({ code: "template_syntax_error", line });
      expect(parsed.error.message).toMatch(
        new RegExp(`^\\.lackpy/templates/x\\.tmpl:${line}: \\w+: `),
      );
    }
  });

  it("reads quoted and bare values, comments and a byte order mark", () => {
    const parsed = parseTemplate(
      '\uFEFF---\n# a comment\nname: "quoted name"\npattern: read {x}\nparams: a,b ,  c\n---\nx',
    );
    expect(parsed).toMatchObject({
      ok: true,
      programLine: 7,
      template: { name: "quoted name", pattern: "read {x}", params: ["a", "b", "c"] },
    });
  });
});
