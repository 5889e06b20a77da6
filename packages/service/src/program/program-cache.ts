import {
  validateProgram,
  type ToolSpec,
  type ValidatedProgram,
  type ValidationResult,
} from "@lackpy/lang";

/** A program checked for one kit, param names and rules: the validation, and the program when valid. */
export interface CheckedProgram {
  validation: ValidationResult;
  program: ValidatedProgram | null;
}

/** Programs kept per kit (its tools array); a kit that changes gets a new array and a fresh cache (and its `otherKits` with it). */
const MAX_PER_KIT = 256;

/**
 * Validation results by kit, param names (and which are secret), rules and source. Validation is a pure function of
 * these, so a program that is run again (a template above all) is parsed and checked once, and
 * the same frozen `ValidatedProgram` goes to every run, where the interpreter can keep what it
 * compiled from it.
 */
export class ProgramCache {
  private readonly byKit = new WeakMap<readonly ToolSpec[], Map<string, CheckedProgram>>();

  /** Validates `source` for the tools, param names and rules, or returns the earlier result. */
  check(
    source: string,
    options: {
      tools: readonly ToolSpec[];
      params: readonly string[];
      /** The params among `params` that are secret (opaque: only direct kit-tool arguments). */
      secretParams?: readonly string[];
      rules: readonly string[];
      /** Tools the kit lacks with the kits that have them, so an error can name the kit to use. */
      otherKits?: Readonly<Record<string, readonly string[]>>;
      /** The hint for such a tool, `{kit}` standing for the kit (`ProgramOptions.kitHint`). */
      kitHint?: string;
    },
  ): CheckedProgram {
    let programs = this.byKit.get(options.tools);
    if (!programs) {
      programs = new Map();
      this.byKit.set(options.tools, programs);
    }
    const secrets = new Set(options.secretParams ?? []);
    const names = options.params.map((name) => (secrets.has(name) ? `${name}:secret` : name));
    const key = `${names.sort().join(",")}\u0000${options.rules.join("\u0001")}\u0000${options.kitHint ?? ""}\u0000${source}`;
    const cached = programs.get(key);
    if (cached) {
      // Keep recently used programs at the end, so the oldest go first.
      programs.delete(key);
      programs.set(key, cached);
      return cached;
    }
    const checked = validateProgram(source, {
      tools: options.tools,
      params: Object.fromEntries(
        options.params.map((name) => [name, secrets.has(name) ? { secret: true } : null]),
      ),
      rules: options.rules,
      ...(options.otherKits ? { otherKits: options.otherKits } : {}),
      ...(options.kitHint ? { kitHint: options.kitHint } : {}),
    });
    if (programs.size >= MAX_PER_KIT) programs.delete(programs.keys().next().value!);
    programs.set(key, checked);
    return checked;
  }
}
