import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaceOf } from "../__fixtures__/create-workspace.js";
import { createFileTools } from "./create-file-tools.js";

const FILES: Record<string, string> = {
  "lib/parse.js": "function parseDate(s) { return s }\nmodule.exports = { parseDate }\n",
  "lib/use.js":
    "const { parseDate } = require('./parse')\nconst when = parseDate(input)\n// parseDate(old)\n",
  "src/view.ts":
    "import { parseDate } from '../lib/parse'\nexport const d = dates.parseDate('x')\n",
  "src/broken.ts": "parseDate(\n",
  "README.md": "Call parseDate(text).\n",
};

let root: string;
let remove: () => Promise<void>;

beforeAll(async () => {
  ({ root, remove } = await workspaceOf(FILES));
});

afterAll(() => remove());

describe("callers_of", () => {
  it("lists the lines that call the name, parsed, in file and line order", async () => {
    const tools = createFileTools(root);
    const rows = await tools.callers_of("parseDate");
    expect(rows.map((row) => [row.file, row.line, row.kind])).toEqual([
      ["lib/use.js", 2, "call"],
      ["src/view.ts", 2, "method"],
    ]);
    expect(rows[0]!.text).toBe("const when = parseDate(input)");
    expect((await tools.callers_of("parseDate", "lib/**/*.js")).map((row) => row.file)).toEqual([
      "lib/use.js",
    ]);
  });

  it("refuses a name that is not one, with a hint", async () => {
    const tools = createFileTools(root);
    for (const bad of ["parseDate()", "", 3, "a b"])
      await expect(tools.callers_of(bad)).rejects.toMatchObject({
        code: "invalid_argument",
        hint: expect.stringContaining("bare name"),
      });
  });
});
