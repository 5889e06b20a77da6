/** Where a number comes from: recorded model outputs, synthetic behaviour profiles, or lackpy's own tiers. */
export type NumberSource = "recorded" | "synthetic" | "builtin";

/** The tiers, in order. */
export type TierName = "templates" | "rules" | "ollama" | "anthropic";
