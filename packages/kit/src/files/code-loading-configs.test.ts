import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "../__fixtures__/create-workspace.js";
import { CODE_LOADING_CONFIGS, ORDINARY_NAMES } from "../__fixtures__/code-loading-configs.mjs";
import { createFileTools } from "./create-file-tools.js";

/**
 * Issue 35: `eslint.config.*` and `prettier.config.*` are code their tools (and their editor
 * extensions, on opening the folder) import, with ordinary names. Code-loading configs are closed
 * for writing by their loaders' naming patterns (decision 88), open for reading, and a person
 * opens one with `[files] allow_write`.
 */
const OLD = "export default [];\n";
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-code-configs-"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function plant(file: string): Promise<string> {
  const where = path.join(root, file);
  await mkdir(path.dirname(where), { recursive: true });
  await writeFile(where, OLD);
  return where;
}

describe.each(CODE_LOADING_CONFIGS)("%s (%s)", (file, _loader, reason) => {
  it("is refused to create and to change, naming the allow_write line; reading it is fine", async () => {
    const tools = createFileTools(root);
    const created = await refusal(tools.write_file(file, "import 'pwned'\n"));
    expect(created.code).toBe("closed_path");
    expect(created.message).toContain(reason);
    expect(created.hint).toContain(`[files] allow_write = [${JSON.stringify(file)}]`);
    const where = await plant(file);
    expect(await tools.read_file(file)).toBe(OLD);
    const edited = await refusal(tools.edit_file(file, "[]", "[{ plugins: ['pwned'] }]"));
    expect(edited.code).toBe("closed_path");
    expect((await refusal(tools.write_file(file, "import 'pwned'\n"))).code).toBe("closed_path");
    expect(await readFile(where, "utf8")).toBe(OLD);
    await rm(where);
  });

  it("is written once [files] allow_write opens it", async () => {
    const where = await plant(file);
    const opened = createFileTools(root, { allowWriteGlobs: [file] });
    await opened.edit_file(file, "[]", "[{}]");
    expect(await readFile(where, "utf8")).toBe("export default [{}];\n");
    await rm(where);
  });
});

describe("names like those that no loader runs (control)", () => {
  it.each(ORDINARY_NAMES)("%s is written", async (file) => {
    await createFileTools(root).write_file(file, "x\n");
    expect(await readFile(path.join(root, file), "utf8")).toBe("x\n");
  });
});

it("a refusal says what the file is and where it may be opened", async () => {
  const error = await refusal(createFileTools(root).write_file("eslint.config.js", OLD));
  expect(error.message).toMatchInlineSnapshot(
    `"'eslint.config.js' is closed for writing (a tool's config that is code, which the tool imports (ESLint, Prettier, Vite, Vitest, Jest, webpack, Rollup, Babel, PostCSS, Tailwind, Next.js, …), some as soon as an editor opens the folder); programs may read it, but the file tools change files other tools run commands from or load as code only where the workspace config allows it."`,
  );
});
