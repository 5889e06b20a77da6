import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaceOf } from "../__fixtures__/create-workspace.js";
import { createFileTools } from "./create-file-tools.js";
import { moduleKey } from "./own-package-entries.js";

/** dayjs's layout: a minified main, types at the root, and an ESM build whose locales import `../index`. */
const DAYJS: Record<string, string> = {
  "package.json": JSON.stringify({ name: "dayjs", main: "dayjs.min.js", types: "index.d.ts" }),
  "dayjs.min.js": "!function(t){module.exports=t()}(function(){return 1});\n",
  "index.d.ts": "declare function dayjs(): void\nexport = dayjs\n",
  "esm/index.js": "import * as C from './constant'\nexport default function dayjs() {}\n",
  "esm/constant.js": "export var MS = 1\n",
  "esm/locale/af.js": "// Afrikaans\nimport dayjs from '../index';\nexport default {}\n",
  "esm/locale/de.js": "import dayjs from '../index.js';\nexport default {}\n",
  "esm/locale/en.js": "export default { name: 'en' }\n",
  "esm/plugin/utc/index.js": "import { MS } from '../../constant'\nexport default function () {}\n",
  "locale/af.js": "module.exports = require('dayjs')\n",
  "other/index.js": "import x from '../other/index'\n",
};

let root: string;
let remove: () => Promise<void>;

beforeAll(async () => {
  ({ root, remove } = await workspaceOf(DAYJS));
});

afterAll(() => remove());

describe("importers_of the workspace's own package", () => {
  it("also finds the files importing its entry module by a relative path, in any build", async () => {
    const tools = createFileTools(root);
    const rows = await tools.importers_of("dayjs");
    expect(rows.map((row) => [row.file, row.line, row.kind])).toEqual([
      ["esm/locale/af.js", 2, "import"],
      ["esm/locale/de.js", 1, "import"],
      ["locale/af.js", 1, "require"],
    ]);
    expect(
      (await tools.importers_of("dayjs", "esm/locale/**/*.js")).map((row) => row.file),
    ).toEqual(["esm/locale/af.js", "esm/locale/de.js"]);
  });

  it("reads another package's name as written", async () => {
    const tools = createFileTools(root);
    expect(await tools.importers_of("dayjs/esm")).toEqual([]);
    expect(await tools.importers_of("moment")).toEqual([]);
  });

  it("keys a module's builds alike", () => {
    expect(moduleKey("esm/index.js")).toBe("/index");
    expect(moduleKey("index.d.ts")).toBe("/index");
    expect(moduleKey("dist/cjs/a.cjs")).toBe("/dist/a");
    expect(moduleKey("lib/esmodule.js")).toBe("/lib/esmodule");
  });
});
