/** Placeholder: filled by a later issue. */
export const PACKAGE_NAME = "@lackpy/mcp";
