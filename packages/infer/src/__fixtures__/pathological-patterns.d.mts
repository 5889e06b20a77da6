/** Template patterns tier 0 refuses: what each is, the pattern, and what the refusal says. */
export declare const PATHOLOGICAL_PATTERNS: readonly (readonly [string, string, RegExp])[];
/** An intent of `length` characters that almost matches the patterns. */
export declare function pathologicalIntent(length?: number): string;
