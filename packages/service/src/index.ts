export { LackpyService, invalidRunResult } from "./lackpy-service.js";
export type { ServiceOptions, KitForRequest, GenerationSettings } from "./lackpy-service.js";
export { delegatePipeline, templateNameFor } from "./delegate-pipeline.js";
export type { DelegateOptions } from "./delegate-pipeline.js";
export { loadConfig, parseConfig, configPath, locateKey } from "./load-config.js";
export type { ConfigProblem } from "./load-config.js";
export { DEFAULT_CONFIG } from "./config-types.js";
export type { LackpyConfig, ProviderConfig, ModuleToolConfig } from "./config-types.js";
export { CONFIG_SCHEMA, PROVIDER_PLUGINS } from "./config-schema.js";
export { initWorkspace, CONFIG_TEMPLATE } from "./init-workspace.js";
export { resolveParams, redactSecrets } from "./resolve-params.js";
export type { ResolvedParams } from "./resolve-params.js";
export { generaliseProgram, normaliseIntent } from "./generalise-program.js";
export { RatchetStore, outputHash } from "./ratchet-store.js";
export type { RatchetEntry, RatchetRecord } from "./ratchet-store.js";
export { TemplatesDir, checkPlainName } from "./templates-dir.js";
export { atomicWrite, KeyedLock } from "./atomic-write.js";
export { enforcePolicy } from "./policy.js";
export { ServiceError } from "./service-error.js";
export { checkIntent } from "./check-intent.js";
export type { ServiceErrorCode } from "./service-error.js";
export type { GenerateOutcome } from "./inference.js";
export type {
  DelegateResult,
  KitSpecifier,
  ParamInput,
  ProgramOptions,
  RunOptions,
  ServiceValidation,
  TemplateInfo,
  ProviderStatus,
  ProgressEvent,
  CorrectionAttempt,
} from "./service-types.js";
