/** The eval harness (issue "apps/eval and pnpm bench"): intents, fixtures, replay, scoring and the ratchet simulation. Not built yet. */
export const EVAL_APP = "@lackpy/eval";
