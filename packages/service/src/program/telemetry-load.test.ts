import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const SERVICE = pathToFileURL(fileURLToPath(new URL("../../dist/index.js", import.meta.url))).href;
const EXAMPLE = fileURLToPath(new URL("../../../../examples/workspace", import.meta.url));

const OTEL_API = pathToFileURL(
  createRequire(fileURLToPath(new URL("../../package.json", import.meta.url))).resolve(
    "@opentelemetry/api",
  ),
).href;

/** Module hooks that log to stderr which module imports `@opentelemetry/api`. */
const HOOKS = `export async function resolve(specifier, context, next) {
  if (specifier === "@opentelemetry/api") process.stderr.write("imported by " + context.parentURL + "\\n");
  return next(specifier, context);
}`;

/** A child that runs one program through the built service, optionally registering a provider first. */
const child = (register: boolean, hooks: string) => `
import { register as hook } from "node:module";
hook(${JSON.stringify(pathToFileURL(hooks).href)});
${register ? `const { trace } = await import(${JSON.stringify(OTEL_API)}); const span = () => trace.wrapSpanContext({ traceId: "1".repeat(32), spanId: "1".repeat(16), traceFlags: 0 }); trace.setGlobalTracerProvider({ getTracer: () => ({ startSpan: span, startActiveSpan: () => undefined }) });` : ""}
const { LackpyService, DEFAULT_CONFIG } = await import(${JSON.stringify(SERVICE)});
const config = structuredClone(DEFAULT_CONFIG);
config.run.mode = "in-process";
const service = new LackpyService({ workspace: ${JSON.stringify(EXAMPLE)}, config });
const result = await service.runProgram("len(find_files('**/*.ts'))");
await service.close();
process.stdout.write(JSON.stringify(result.output));
`;

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "lackpy-otel-load-"));
  await writeFile(path.join(folder, "hooks.mjs"), HOOKS);
});

afterAll(() => rm(folder, { recursive: true, force: true }));

async function runChild(register: boolean): Promise<{ stdout: string; stderr: string }> {
  const source = child(register, path.join(folder, "hooks.mjs"));
  const script = path.join(folder, `child-${register}.mjs`);
  await writeFile(script, source);
  return promisify(execFile)(process.execPath, [script]);
}

describe("loading @opentelemetry/api", () => {
  it("never happens in a process where nothing registered with it", async () => {
    const { stdout, stderr } = await runChild(false);
    expect(Number(stdout)).toBeGreaterThan(0);
    expect(stderr).not.toContain("imported by");
  });

  it("happens once a host registered a provider", async () => {
    const { stdout, stderr } = await runChild(true);
    expect(Number(stdout)).toBeGreaterThan(0);
    expect(stderr).toMatch(/imported by file:\S*\/packages\/service\/dist\//);
  });
});
