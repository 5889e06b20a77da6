import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { closeWorkerPool } from "@lackpy/run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PLANTED_CONFIG,
  PLANTED_SECRETS,
  PLANTED_SERVER,
} from "../__fixtures__/planted-secrets.mjs";
import { LackpyService } from "../lackpy-service.js";
import { parseConfig } from "./load-config.js";
import { configSecrets, MASK, publicConfig, publicView } from "./public-config.js";

const leaks = (value: unknown) =>
  PLANTED_SECRETS.filter((secret) => JSON.stringify(value).includes(secret));

describe("publicConfig", () => {
  it("masks every secret a config holds, and keeps the rest", () => {
    const config = parseConfig(PLANTED_CONFIG);
    const view = publicConfig(config);
    expect(leaks(view)).toEqual([]);
    expect(view.mcpServers.gh).toMatchObject({
      command: "node",
      args: ["server/index.mjs", `--token=${MASK}`, "--api-key", MASK],
      env: { GITHUB_TOKEN: MASK, LOG_LEVEL: MASK },
    });
    expect(view.mcpServers.remote).toMatchObject({
      url: "https://u:***@127.0.0.1:9/mcp?token=***",
      headers: { Authorization: MASK },
    });
    expect(view.inference.providers.ollama?.host).toBe("http://admin:***@127.0.0.1:9/");
    expect(view.inference.providers.claude).toMatchObject({ apiKeyEnv: "PLANTED_KEY_VARIABLE" });
    expect(view.store.url).toBe("postgres://u:***@127.0.0.1:9/db");
    // The config itself is left as it is.
    expect(config.mcpServers.gh?.env?.GITHUB_TOKEN).toBe("ghp_PLANTED_ENV_TOKEN_3");
  });

  it("hunts a setting that looks like a secret in other text, not one that reads like a word", () => {
    const secrets = configSecrets(parseConfig(PLANTED_CONFIG));
    expect(secrets).toEqual(expect.arrayContaining([...PLANTED_SECRETS]));
    expect(secrets).not.toContain("debug");
    expect(publicView({ reason: "debug: ghp_PLANTED_ENV_TOKEN_3 refused" }, secrets)).toEqual({
      reason: `debug: ${MASK} refused`,
    });
  });
});

describe("a service over a config with secrets everywhere", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "lackpy-public-view-"));
    await mkdir(path.join(root, ".lackpy"));
    await mkdir(path.join(root, "server"));
    await writeFile(path.join(root, ".lackpy", "config.toml"), PLANTED_CONFIG);
    await writeFile(path.join(root, "server", "index.mjs"), PLANTED_SERVER);
    await writeFile(path.join(root, "README.md"), "# planted\n");
  });
  afterAll(async () => {
    await closeWorkerPool();
    await rm(root, { recursive: true, force: true });
  });

  it("shows none of them through any introspection, before and after trust", async () => {
    const service = await LackpyService.open({ workspace: root, env: {} });
    try {
      const outputs: unknown[] = [
        service.config(),
        await service.providerList(),
        await service.kitInfo("readonly", { startServers: false }),
        await service.kitList(),
        await service.docsIndex(),
        await service.resolveDoc("README.md"),
        await service.status(),
        await service.trustStatus(),
        await service.generate("do something nobody answers").catch((error: unknown) => error),
      ];
      const report = await service.trust();
      outputs.push(report, await service.trustStatus(), await service.status());
      expect(report.items.find((item) => item.name === "gh")?.args).toEqual([
        "server/index.mjs",
        `--token=${MASK}`,
        "--api-key",
        MASK,
      ]);
      for (const output of outputs) expect(leaks(output)).toEqual([]);
    } finally {
      await service.close();
    }
  });
});
