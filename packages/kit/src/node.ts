/** Node-only entry point. */
export const NODE_ENTRY = true;
