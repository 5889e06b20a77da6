/**
 * The isolated-mode child process this package forks (`isolated/serve-host.ts` says what it
 * does). The host forks this file with a minimal environment and its own heap limit.
 */
import { serveHost } from "./isolated/serve-host.js";

serveHost();
