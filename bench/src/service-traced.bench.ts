import { cp, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { trace } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { run } from "@lackpy/run/node";
import { DEFAULT_CONFIG, LackpyService, type KitForRequest } from "@lackpy/service";
import type { BenchSuite } from "./harness.js";

const EXAMPLE = fileURLToPath(new URL("../../examples/workspace", import.meta.url));
const PROGRAM = `len(read_file(file).split("\\n"))`;
const exporter = new InMemorySpanExporter();
let provider: BasicTracerProvider;
let service: LackpyService;
let kit: KitForRequest;

/**
 * What tracing costs when a host records it: the template delegate of the `service` suite with an
 * OpenTelemetry provider registered (spans for the delegate, its tier, the run and the tool
 * call, exported to memory), against the same bare run. The `service` suite measures the
 * template delegate without a provider, where the spans must cost nothing.
 */
export const suite: BenchSuite = {
  name: "service-traced",
  setup: async () => {
    const workspace = await mkdtemp(path.join(os.tmpdir(), "lackpy-bench-traced-"));
    await cp(EXAMPLE, workspace, { recursive: true });
    const config = structuredClone(DEFAULT_CONFIG);
    config.run.mode = "in-process";
    config.inference.order = ["templates", "rules"];
    service = new LackpyService({ workspace, config });
    await service.create(PROGRAM, { name: "count-lines", pattern: "count lines in {file}" });
    kit = await service.resolveKit();
    provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    trace.setGlobalTracerProvider(provider);
    await service.delegate("count lines in README.md");
    if (exporter.getFinishedSpans().length < 4) throw new Error("the delegate was not traced");
  },
  teardown: async () => {
    trace.disable();
    await provider.shutdown();
    await service.close();
  },
  tasks: () => [
    {
      name: "bare run of the template's program",
      fn: () =>
        run(PROGRAM, {
          tools: kit.kit.callables,
          toolSpecs: kit.kit.tools,
          params: { file: "README.md" },
          mode: "in-process",
        }),
    },
    {
      name: "delegate served by a template, traced",
      fn: async () => {
        await service.delegate("count lines in README.md");
        exporter.reset();
      },
    },
  ],
  ratios: [
    {
      name: "traced template delegate / bare run of its program",
      task: "delegate served by a template, traced",
      baseline: "bare run of the template's program",
    },
  ],
};
