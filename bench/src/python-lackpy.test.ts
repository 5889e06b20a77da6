import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findPythonLackpy, runPythonDriver, type DriverRequest } from "./python-lackpy.js";

const HAS_PYTHON = spawnSync("python3", ["--version"]).status === 0;
const folders: string[] = [];

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A stand-in for Python lackpy's public API that echoes what the driver asked of it. */
const FAKE_LACKPY = `
__version__ = "fake"
from types import SimpleNamespace

def validate(program, allowed_names=None):
    return SimpleNamespace(valid="invalid" not in program, errors=["Forbidden name"])

class LackpyService:
    def __init__(self, workspace):
        self.workspace = workspace
        self.templates = []

    async def create(self, program, kit=None, name="", pattern=None):
        self.templates.append((pattern, program))
        return {"success": True, "path": "t.tmpl"}

    async def run_program(self, program, kit=None):
        return SimpleNamespace(success=True, output={"program": program, "kit": kit}, error=None)

    async def delegate(self, intent, kit=None):
        pattern, program = self.templates[0]
        return {"success": True, "generation_tier": "templates", "error": None,
                "output": {"intent": intent, "pattern": pattern, "program": program}}
`;

function fakeCheckout(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "lackpy-bench-fake-"));
  folders.push(root);
  mkdirSync(path.join(root, "src", "lackpy"), { recursive: true });
  writeFileSync(path.join(root, "src", "lackpy", "__init__.py"), FAKE_LACKPY);
  return root;
}

const REQUEST: DriverRequest = {
  workspace: os.tmpdir(),
  kit: ["read_file", "find_files"],
  sampling: { samples: 3, minSampleMs: 1, warmupMs: 1 },
  programs: { typical: "x = 1\nx", long: "y = 2" },
  template: {
    name: "count-lines",
    pattern: "count lines in {file}",
    intent: "count lines in README.md",
    program: 'len(read_file("{file}"))',
  },
};

describe("findPythonLackpy", () => {
  it("finds a checkout named by LACKPY_PYTHON_SRC", () => {
    const root = fakeCheckout();
    expect(findPythonLackpy({ LACKPY_PYTHON_SRC: root })).toEqual({
      found: { python: "python3", src: root },
    });
  });

  it("reports a LACKPY_PYTHON_SRC without a lackpy package as broken, not missing", () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), "lackpy-bench-empty-"));
    folders.push(empty);
    const lookup = findPythonLackpy({ LACKPY_PYTHON_SRC: empty });
    expect(lookup).toHaveProperty("broken");
    expect((lookup as { broken: string }).broken).toContain("holds no lackpy package");
  });

  it("reports Python lackpy missing when the interpreter cannot import it", () => {
    expect(findPythonLackpy({ LACKPY_PYTHON: "/nonexistent/python3" })).toEqual({
      missing: "Python lackpy not found (/nonexistent/python3 cannot import lackpy)",
    });
  });
});

describe.skipIf(!HAS_PYTHON)("runPythonDriver", () => {
  it("times each task and returns what the public API answered for the same programs", () => {
    const answer = runPythonDriver({ python: "python3", src: fakeCheckout() }, REQUEST);
    expect(answer.lackpy).toBe("fake");
    expect(answer.tasks.map((task) => [task.task, task.samplesUs.length])).toEqual([
      ["validate typical", 3],
      ["validate 1,000 lines", 3],
      ["run typical", 3],
      ["delegate (template)", 3],
    ]);
    for (const task of answer.tasks) {
      expect(task.batch).toBeGreaterThanOrEqual(1);
      for (const sample of task.samplesUs) expect(sample).toBeGreaterThanOrEqual(0);
    }
    expect(answer.results).toEqual({
      "run typical": { program: "x = 1\nx", kit: ["read_file", "find_files"] },
      "delegate (template)": {
        intent: "count lines in README.md",
        pattern: "count lines in {file}",
        program: 'len(read_file("{file}"))',
      },
    });
  });

  it("fails with the reason when a program is invalid for Python lackpy", () => {
    const request = { ...REQUEST, programs: { typical: "invalid", long: "y = 2" } };
    expect(() => runPythonDriver({ python: "python3", src: fakeCheckout() }, request)).toThrow(
      /the typical program is invalid for Python lackpy: \['Forbidden name'\]/,
    );
  });
});
