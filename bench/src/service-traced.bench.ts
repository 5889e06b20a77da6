import { trace } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import type { KitForRequest, LackpyService } from "@lackpy/service";
import type { BenchSuite } from "./harness.js";
import { TEMPLATE_INTENT, bareTemplateRun, templateService } from "./template-service.js";

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
    ({ service, kit } = await templateService("lackpy-bench-traced-"));
    provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    trace.setGlobalTracerProvider(provider);
    await service.delegate(TEMPLATE_INTENT);
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
      fn: () => bareTemplateRun(kit),
    },
    {
      name: "delegate served by a template, traced",
      fn: async () => {
        await service.delegate(TEMPLATE_INTENT);
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
