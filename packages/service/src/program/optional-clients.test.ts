import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import os from "node:os";
import path from "node:path";
import { importOptional } from "@lackpy/infer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFromWorkspace } from "@lackpy/kit/node";

let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), "lackpy-import-"));
  const client = path.join(workspace, "node_modules", "lackpy-fake-client");
  await mkdir(path.join(client, "dist"), { recursive: true });
  await writeFile(
    path.join(client, "package.json"),
    JSON.stringify({ name: "lackpy-fake-client", exports: { "./browser": "./dist/browser.mjs" } }),
  );
  await writeFile(
    path.join(client, "dist", "browser.mjs"),
    "export class Client { kind = 'esm' }\n",
  );
});

afterAll(() => rm(workspace, { recursive: true, force: true }));

describe("optional clients from the workspace", () => {
  it("is what importOptional falls back to when lackpy's own install lacks the client", async () => {
    const loaded = (await importOptional({
      packageName: "lackpy-fake-client",
      specifier: "lackpy-fake-client/browser",
      load: () => import("lackpy-fake-client/browser" as string),
      neededBy: "test provider",
      fallback: importFromWorkspace(workspace),
    })) as { Client: unknown };
    expect(typeof loaded.Client).toBe("function");
  });

  it("loads the real model clients from a workspace that has them", async () => {
    const clients = await mkdtemp(path.join(os.tmpdir(), "lackpy-import-clients-"));
    try {
      const infer = path.dirname(fileURLToPath(import.meta.resolve("@lackpy/infer/package.json")));
      const require = createRequire(path.join(infer, "package.json"));
      const ollama = path.dirname(require.resolve("ollama/package.json"));
      const sdk = path.resolve(path.dirname(require.resolve("@anthropic-ai/sdk")));
      await mkdir(path.join(clients, "node_modules", "@anthropic-ai"), { recursive: true });
      await symlink(ollama, path.join(clients, "node_modules", "ollama"));
      await symlink(sdk, path.join(clients, "node_modules", "@anthropic-ai", "sdk"));
      const load = importFromWorkspace(clients);
      expect(((await load("ollama/browser")) as { Ollama: { name: string } }).Ollama.name).toBe(
        "Ollama",
      );
      expect(
        ((await load("@anthropic-ai/sdk")) as { default: { name: string } }).default.name,
      ).toBe("Anthropic");
    } finally {
      await rm(clients, { recursive: true, force: true });
    }
  });
});
