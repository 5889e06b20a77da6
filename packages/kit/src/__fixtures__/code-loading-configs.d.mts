/** Files other tools load as code on their own: the path, its loader, and a piece of the refusal's reason. */
export declare const CODE_LOADING_CONFIGS: readonly (readonly [string, string, string])[];
/** Names like those that no loader runs: the file tools write them. */
export declare const ORDINARY_NAMES: readonly string[];
