/** What `src/app.ts` holds in a hostile clone. */
export declare const CLONE_APP: string;
/** Writes issue 35's hostile clone into `root`, with `config` as its `.lackpy/config.toml`. */
export declare function plantHostileClone(root: string, config: string): Promise<void>;
