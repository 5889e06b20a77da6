/**
 * A workspace config that holds a secret in every place a config can: an Ollama host's and an
 * Anthropic base URL's password and key parameter, a stdio server's `--token=` and `--api-key`
 * arguments and `env` value, an HTTP server's URL password, token parameter and `Authorization`
 * header, and the store URL's password. No introspection surface (MCP `config`, `kit_info`,
 * `provider_list`, the docs tools, `status`, `trust`, their CLI commands), over stdio or HTTP,
 * may show any of `PLANTED_SECRETS`.
 */
export const PLANTED_SECRETS = [
  "PLANTED-OLLAMA-PASS-9",
  "PLANTED-ANTHROPIC-PASS-8",
  "PLANTED-QUERY-KEY-7",
  "PLANTED-ARG-TOKEN-1",
  "PLANTED-ARG-KEY-2",
  "ghp_PLANTED_ENV_TOKEN_3",
  "PLANTED-URL-PASS-4",
  "PLANTED-URL-TOKEN-5",
  "PLANTED-HEADER-TOKEN-6",
  "PLANTED-STORE-PASS-10",
];

/** The config text (`.lackpy/config.toml`), for a workspace with `server/index.mjs`. */
export const PLANTED_CONFIG = `[run]
mode = "in-process"

[inference.providers.ollama]
plugin = "ollama"
model = "planted-model"
host = "http://admin:PLANTED-OLLAMA-PASS-9@127.0.0.1:9"

[inference.providers.claude]
plugin = "anthropic"
base_url = "https://user:PLANTED-ANTHROPIC-PASS-8@127.0.0.1:9/?api_key=PLANTED-QUERY-KEY-7"
api_key_env = "PLANTED_KEY_VARIABLE"

[mcp_servers.gh]
command = "node"
args = ["server/index.mjs", "--token=PLANTED-ARG-TOKEN-1", "--api-key", "PLANTED-ARG-KEY-2"]
env = { GITHUB_TOKEN = "ghp_PLANTED_ENV_TOKEN_3", LOG_LEVEL = "debug" }

[mcp_servers.remote]
url = "https://u:PLANTED-URL-PASS-4@127.0.0.1:9/mcp?token=PLANTED-URL-TOKEN-5"
headers = { Authorization = "Bearer PLANTED-HEADER-TOKEN-6" }

[store]
url = "postgres://u:PLANTED-STORE-PASS-10@127.0.0.1:9/db"
workspace = "planted"
`;

/** What `server/index.mjs` holds: a server that exits at once (nothing here starts it untrusted). */
export const PLANTED_SERVER = "process.exit(0)\n";
