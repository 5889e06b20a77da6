export { LackpyService } from "./lackpy-service.js";
export { delegatePipeline } from "./delegate-pipeline.js";
export type { DelegateOptions, DelegateStages } from "./delegate-pipeline.js";
export { ProgramGenerator } from "./program-generator.js";
export type { Generated, GenerateStageOptions, PreparedRequest } from "./program-generator.js";
export { ProgramRunner, invalidRunResult } from "./program-runner.js";
export { ProgramCache } from "./program-cache.js";
export type { CheckedProgram } from "./program-cache.js";
export { KitResolver } from "./kit-resolver.js";
export type { KitInfo } from "./kit-resolver.js";
export { answerFromTemplates, TemplateTierProvider } from "./template-tier.js";
export type { TemplateAnswer, TemplateHit, TemplateRequest } from "./template-tier.js";
export { feedRatchet } from "./ratchet.js";
export type { RatchetInput } from "./ratchet.js";
export { createTemplate } from "./create-template.js";
export type { CreateTemplateOptions } from "./create-template.js";
export { templateNameFor } from "./template-name.js";
export { loadConfig, parseConfig, configPath, locateKey } from "./load-config.js";
export type { ConfigProblem } from "./load-config.js";
export { DEFAULT_CONFIG } from "./config-types.js";
export type { LackpyConfig, ProviderConfig, ModuleToolConfig } from "./config-types.js";
export { CONFIG_SCHEMA, PROVIDER_PLUGINS } from "./config-schema.js";
export { initWorkspace, CONFIG_TEMPLATE } from "./init-workspace.js";
export { resolveParams, redactSecrets } from "./resolve-params.js";
export type { ResolvedParams } from "./resolve-params.js";
export { generaliseProgram, isEmptyProgram, referencedNames } from "./generalise-program.js";
export { normaliseIntent, intentForMatching } from "@lackpy/infer/node";
export { RatchetStore, outputHash } from "./ratchet-store.js";
export type { RatchetRecord, RatchetRequest } from "./ratchet-store.js";
export type { RatchetEntry, PromotionFailure } from "./ratchet-file.js";
export { TemplateStore } from "./template-store.js";
export { checkPlainName } from "./plain-name.js";
export { atomicWrite, atomicWriteSync, KeyedLock } from "./atomic-write.js";
export { withFileLockSync } from "./file-lock.js";
export { FLUSH_INTERVAL_MS } from "./write-behind.js";
export { enforcePolicy } from "./policy.js";
export { ServiceError } from "./service-error.js";
export { checkIntent } from "./check-intent.js";
export {
  shapeResult,
  summariseCall,
  checkShapeOptions,
  TRACE_DETAILS,
  MAX_SUMMARY_CALLS,
  ARGUMENT_PREVIEW_CHARS,
} from "./shape-result.js";
export type {
  TraceDetail,
  ResultShapeOptions,
  TraceCallSummary,
  TruncatedPart,
  ShapeNotes,
  ShapedTrace,
  ShapedRunResult,
} from "./shape-result.js";
export { fitValue, fitText } from "./fit-value.js";
export type { FittedValue } from "./fit-value.js";
export type { ServiceErrorCode } from "./service-error.js";
export type { GenerateOutcome } from "./inference.js";
export type {
  DelegateResult,
  ShapedDelegateResult,
  GenerationSettings,
  KitForRequest,
  KitSpecifier,
  ParamInput,
  ProgramOptions,
  Promotion,
  RunOptions,
  ServiceOptions,
  ServiceValidation,
  TemplateInfo,
  TemplateProblemInfo,
  ProviderStatus,
  ProgressEvent,
  CorrectionAttempt,
  WorkspaceStatus,
} from "./service-types.js";
