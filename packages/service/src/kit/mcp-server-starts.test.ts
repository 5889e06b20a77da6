/**
 * MCP servers start only when used: each fixture server appends a line to its own marker file
 * the moment its process runs, so the tests count processes, not connections.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { nodeMarkerServer } from "../__fixtures__/marker-servers.mjs";
import { DEFAULT_CONFIG, type LackpyConfig } from "../config/config-types.js";
import { LackpyService } from "../lackpy-service.js";
import { listingCachePath } from "./mcp-listing-cache.js";

const SERVERS = ["a", "b", "c", "d"];
const previousState = process.env.XDG_STATE_HOME;
let state: string;
let folder: string;
let workspace: string;
const services: LackpyService[] = [];

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "lackpy-mcp-starts-"));
  state = path.join(folder, "state");
  process.env.XDG_STATE_HOME = state;
  workspace = path.join(folder, "workspace");
  await mkdir(path.join(workspace, "src"), { recursive: true });
  await writeFile(path.join(workspace, "src", "app.ts"), "export const app = 1;\n");
  await mkdir(path.join(folder, "servers"));
  for (const server of SERVERS)
    await writeFile(
      path.join(folder, "servers", `${server}.mjs`),
      nodeMarkerServer(path.join(folder, `${server}.log`)),
    );
});

afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
  await rm(path.dirname(listingCachePath(workspace)), { recursive: true, force: true });
  for (const server of SERVERS) await rm(path.join(folder, `${server}.log`), { force: true });
});

afterAll(async () => {
  if (previousState === undefined) delete process.env.XDG_STATE_HOME;
  else process.env.XDG_STATE_HOME = previousState;
  await rm(folder, { recursive: true, force: true });
});

/** How many times each server's process started. */
async function starts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const server of SERVERS) {
    const text = await readFile(path.join(folder, `${server}.log`), "utf8").catch(() => "");
    counts[server] = text.split("\n").filter(Boolean).length;
  }
  return counts;
}

function config(change: (config: LackpyConfig) => void = () => undefined): LackpyConfig {
  const copy = structuredClone(DEFAULT_CONFIG);
  copy.run.mode = "in-process";
  copy.mcpServers = Object.fromEntries(
    SERVERS.map((server) => [
      server,
      { command: process.execPath, args: [path.join(folder, "servers", `${server}.mjs`)] },
    ]),
  );
  change(copy);
  return copy;
}

function open(change?: (config: LackpyConfig) => void): LackpyService {
  const service = new LackpyService({ workspace, config: config(change) });
  services.push(service);
  return service;
}

const TWO_SERVERS = ["a_hello", "b_hello", "read_file"];

describe("MCP servers start only when used", () => {
  it("starts none of four for a builtin-only run, or for describing a kit that names them", async () => {
    const service = open();
    const result = await service.runProgram('len(find_files("src/*.ts"))');
    expect(result.output).toBe(1);
    const info = await service.kitInfo(TWO_SERVERS, { startServers: false });
    expect(info.unlisted).toEqual(["a_hello", "b_hello"]);
    expect(info.tools.map((tool) => tool.name)).toEqual(TWO_SERVERS);
    expect(await starts()).toEqual({ a: 0, b: 0, c: 0, d: 0 });
  });

  it("starts the servers a kit names to list them, then only the server a program calls", async () => {
    const first = open();
    expect((await first.runProgram('a_hello("x")', { kit: TWO_SERVERS })).output).toBe("hello x");
    expect(await starts()).toEqual({ a: 1, b: 1, c: 0, d: 0 });
    await first.close();

    // Another process: both listings are cached, so validation needs no server.
    const second = open();
    const validation = await second.validate("b_hello()", { kit: TWO_SERVERS });
    expect(validation.errors[0]).toMatchObject({
      code: "bad_arity",
      hint: "call it as b_hello(name)",
    });
    expect(await starts()).toEqual({ a: 1, b: 1, c: 0, d: 0 });
    expect((await second.runProgram('a_hello("y")', { kit: TWO_SERVERS })).output).toBe("hello y");
    expect(await starts()).toEqual({ a: 2, b: 1, c: 0, d: 0 });
    const described = await second.kitInfo(TWO_SERVERS, { startServers: false });
    expect(described.unlisted).toBeUndefined();
    expect(described.tools[1]).toMatchObject({ name: "b_hello", args: [{ name: "name" }] });
  });

  it("starts only the servers whose prefix a named tool has", async () => {
    const service = open();
    expect((await service.runProgram('c_hello("z")', { kit: ["c_hello"] })).output).toBe("hello z");
    expect(await starts()).toEqual({ a: 0, b: 0, c: 1, d: 0 });
    await expect(service.validate("x()", { kit: ["zz_hello"] })).rejects.toMatchObject({
      code: "unknown_tool",
    });
    expect(await starts()).toEqual({ a: 0, b: 0, c: 1, d: 0 });
  });

  it("lists a server afresh when how it starts changed since its listing was cached", async () => {
    await open().validate('a_hello("x")', { kit: ["a_hello"] });
    expect(await starts()).toMatchObject({ a: 1 });
    const changed = open((settings) => {
      settings.mcpServers.a.args = [...(settings.mcpServers.a.args ?? []), "--changed"];
    });
    await changed.validate('a_hello("x")', { kit: ["a_hello"] });
    expect(await starts()).toMatchObject({ a: 2 });
    const cache = JSON.parse(await readFile(listingCachePath(workspace), "utf8"));
    expect(Object.keys(cache.servers).sort()).toEqual(["a"]);
    expect(cache.servers.a.tools).toEqual([expect.objectContaining({ name: "hello" })]);
  });

  it("lists a cached server live when a kit names a tool its listing lacks", async () => {
    await open().validate('a_hello("x")', { kit: ["a_hello"] });
    const later = open();
    await expect(later.validate("a_goodbye()", { kit: ["a_goodbye"] })).rejects.toMatchObject({
      code: "unknown_tool",
    });
    expect(await starts()).toMatchObject({ a: 2 });
  });

  it("uses no cached listing for a service that trusts nothing", async () => {
    await open().validate('a_hello("x")', { kit: ["a_hello"] });
    const untrusting = new LackpyService({ workspace, config: config(), trust: false });
    services.push(untrusting);
    await expect(untrusting.validate('a_hello("x")', { kit: ["a_hello"] })).rejects.toMatchObject({
      code: "untrusted_config",
    });
    expect(await starts()).toMatchObject({ a: 1 });
  });

  it("keys a cached listing by the trust record: none after a revoke, a new one after a new trust", async () => {
    const trusted = path.join(folder, "trusted");
    await mkdir(path.join(trusted, ".lackpy"), { recursive: true });
    await writeFile(
      path.join(trusted, ".lackpy", "config.toml"),
      `[mcp_servers.a]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(path.join(folder, "servers", "a.mjs"))}]\n`,
    );
    const openTrusted = async () => {
      const service = await LackpyService.open({ workspace: trusted });
      services.push(service);
      return service;
    };
    const first = await openTrusted();
    await first.trust();
    expect((await first.runProgram('a_hello("x")', { kit: ["a_hello"] })).output).toBe("hello x");
    expect(await starts()).toMatchObject({ a: 1 });
    expect((await (await openTrusted()).validate('a_hello("x")', { kit: ["a_hello"] })).valid).toBe(
      true,
    );
    expect(await starts()).toMatchObject({ a: 1 });

    first.revokeTrust();
    await expect(
      (await openTrusted()).validate('a_hello("x")', { kit: ["a_hello"] }),
    ).rejects.toMatchObject({
      code: "untrusted_config",
    });
    expect(await starts()).toMatchObject({ a: 1 });

    await first.trust();
    expect((await (await openTrusted()).validate('a_hello("x")', { kit: ["a_hello"] })).valid).toBe(
      true,
    );
    expect(await starts()).toMatchObject({ a: 2 });
    await rm(path.dirname(listingCachePath(trusted)), { recursive: true, force: true });
  });
});
