/** Every secret value the planted config holds. */
export declare const PLANTED_SECRETS: readonly string[];
/** The planted `.lackpy/config.toml`. */
export declare const PLANTED_CONFIG: string;
/** The planted `server/index.mjs`. */
export declare const PLANTED_SERVER: string;
