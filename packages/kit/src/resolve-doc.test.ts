import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDefaultToolbox } from "./create-default-toolbox.js";
import { describeTool } from "./toolbox/describe-tools.js";
import { docsIndex } from "./kits/docs-index.js";
import { FILE_TOOL_SPECS } from "./files/file-tool-specs.js";
import { createPathProtection } from "./protect/protected-paths.js";
import { KitError } from "./kit-error.js";
import { resolveDoc, SHIPPED_DOCS_DIR } from "./resolve-doc.js";
import { resolveKitSpecifier } from "./kits/resolve-kit-specifier.js";

let root: string;
let outside: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-docs-"));
  outside = await mkdtemp(path.join(os.tmpdir(), "lackpy-docs-outside-"));
  await writeFile(path.join(root, "notes.md"), "# notes\n");
  await writeFile(path.join(outside, "secret.md"), "secret");
  await symlink(path.join(outside, "secret.md"), path.join(root, "link.md"));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

async function kitError(promise: Promise<unknown>): Promise<KitError> {
  try {
    await promise;
  } catch (error) {
    if (KitError.is(error)) return error;
    throw error;
  }
  throw new Error("expected a KitError");
}

describe("docsIndex", () => {
  it("lists tool docs under callable names, then kit docs, skipping inline docs", () => {
    expect(
      docsIndex({
        tools: [
          { name: "read", docs: "read_file.md", provider: "builtin" },
          { name: "shout", docs: "docs/shout.md", provider: "module" },
          { name: "inline", docs: "# Inline\nText", provider: "module" },
          { name: "bare" },
        ],
        docs: ["docs/kit.md", "docs/shout.md"],
      }),
    ).toEqual([
      { tool: "read", path: "read_file.md", shipped: true },
      { tool: "shout", path: "docs/shout.md", shipped: false },
      { path: "docs/kit.md", shipped: false },
    ]);
  });

  it("indexes the docs of a resolved kit", async () => {
    const kit = await resolveKitSpecifier(
      { cat: "read_file", find_files: "find_files" },
      createDefaultToolbox({ root }),
    );
    expect(docsIndex(kit)).toEqual([
      { tool: "cat", path: "read_file.md", shipped: true },
      { tool: "find_files", path: "find_files.md", shipped: true },
    ]);
  });
});

describe("resolveDoc", () => {
  it.each(FILE_TOOL_SPECS.map((spec) => [spec.name, spec] as const))(
    "reads the shipped doc of %s from any workspace, with every section and the spec's signature",
    async (_name, spec) => {
      const text = await resolveDoc(spec.docs!, root);
      const sections = [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
      expect(sections).toEqual([
        "Signature",
        "Parameters",
        "Returns",
        "Grade",
        "Examples",
        "Notes",
      ]);
      const signature = describeTool({ ...spec, description: "" });
      expect(text).toContain(`\`${signature}\``);
      expect(text).toContain(`w=${spec.gradeW}`);
      expect(text).toContain(`d=${spec.effectsCeiling}`);
    },
  );

  it("finds the shipped docs next to the sources (and, once built, next to dist)", async () => {
    expect(await readFile(path.join(SHIPPED_DOCS_DIR, "read_file.md"), "utf8")).toContain(
      "# read_file",
    );
  });

  it.each([
    ".env",
    ".env.local",
    ".npmrc",
    ".netrc",
    ".lackpy/config.toml",
    ".git/config",
    "sub/.ENV",
  ])(
    "refuses the protected path %s, which may hold secrets or steer other tools",
    async (docPath) => {
      await mkdir(path.dirname(path.join(root, docPath)), { recursive: true });
      await writeFile(path.join(root, docPath), "TOKEN=hunter2\n");
      const error = await kitError(resolveDoc(docPath, root));
      expect(error.code).toBe("protected_path");
      expect(error.message).not.toContain("hunter2");
      expect(error.message).not.toContain(root);
    },
  );

  it("refuses a symlink to a protected file, and what the config protects", async () => {
    await writeFile(path.join(root, ".env"), "TOKEN=hunter2\n");
    await symlink(".env", path.join(root, "env-link.md"));
    expect((await kitError(resolveDoc("env-link.md", root))).code).toBe("protected_path");
    await writeFile(path.join(root, "private.md"), "private\n");
    const protection = createPathProtection(["private.md"]);
    expect((await kitError(resolveDoc("private.md", root, { protection }))).code).toBe(
      "protected_path",
    );
    expect(await resolveDoc("private.md", root)).toBe("private\n");
  });

  it("refuses hidden docs unless the config opens them for reading, as read_file does", async () => {
    await mkdir(path.join(root, ".notes"), { recursive: true });
    await writeFile(path.join(root, ".notes/plan.md"), "# plan\n");
    await mkdir(path.join(root, ".github"), { recursive: true });
    await writeFile(path.join(root, ".github/CONTRIBUTING.md"), "# contributing\n");
    const error = await kitError(resolveDoc(".notes/plan.md", root));
    expect(error).toMatchObject({ code: "closed_path" });
    expect(error.message).toContain("'.notes/plan.md' is hidden");
    expect(error.hint).toContain('[files] allow_read = [".notes/plan.md"]');
    const protection = createPathProtection([], { allowRead: [".notes/**"] });
    expect(await resolveDoc(".notes/plan.md", root, { protection })).toBe("# plan\n");
    expect(await resolveDoc(".github/CONTRIBUTING.md", root)).toBe("# contributing\n");
  });

  it("reads workspace docs", async () => {
    expect(await resolveDoc("notes.md", root)).toBe("# notes\n");
    expect(await resolveDoc("./notes.md", root)).toBe("# notes\n");
  });

  it.each(["../../etc/passwd", "/etc/passwd", "link.md", "a/../../x.md", "..\\x.md"])(
    "refuses the doc path %j outside the workspace",
    async (docPath) => {
      const error = await kitError(resolveDoc(docPath, root));
      expect(error.code).toBe("path_outside_root");
      expect(error.message).toBe(
        `The doc path '${docPath}' is outside the workspace; doc paths are relative to the workspace root.`,
      );
    },
  );

  it("reports a missing doc", async () => {
    expect(await kitError(resolveDoc("missing.md", root))).toMatchObject({
      code: "unknown_doc",
      message: "No doc at 'missing.md'.",
    });
  });
});
