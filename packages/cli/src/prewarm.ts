/**
 * The bundled command's isolated-mode child pool, alone: the bin imports this first and starts
 * the pool's first child, so the child's start-up overlaps loading the rest of the command.
 */
export { prewarmChildPool } from "@lackpy/run/node";
