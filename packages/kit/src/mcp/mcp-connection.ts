import path from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { importMcpClient } from "./import-mcp-client.js";
import { KitError } from "../kit-error.js";
import type { McpCallResult } from "./mcp-result-value.js";
import {
  DEFAULT_MCP_CALL_TIMEOUT_MS,
  DEFAULT_MCP_CONNECT_TIMEOUT_MS,
  type McpServerConfig,
} from "./mcp-server-config.js";
import type { McpToolDescription } from "./mcp-tool-spec.js";
import { trackChild, untrackChild } from "./mcp-children.js";

/** Characters of a stdio server's stderr kept for error messages. */
const STDERR_TAIL_CHARS = 600;

/** The version lackpy reports to MCP servers. */
export const MCP_CLIENT_VERSION = "0.0.0";

interface Session {
  client: Client;
  tools: McpToolDescription[];
  closed: boolean;
  stderr: string;
  pid: number | null;
}

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One MCP server, connected on first use (starting a stdio server's process, or opening a
 * Streamable HTTP session), its tools listed once per connection, and the connection reused
 * for every call until it closes; a closed connection is opened again on the next use.
 */
export class McpConnection {
  private session: Promise<Session> | null = null;

  constructor(
    readonly server: string,
    private readonly config: McpServerConfig,
    private readonly options: {
      baseDir: string;
      env: Record<string, string | undefined>;
      /** Runs before each start; what it throws is thrown as is, and nothing starts. */
      beforeConnect?: (server: string) => void | Promise<void>;
      /** Told the server's tools each time a connection lists them. */
      onTools?: (server: string, tools: readonly McpToolDescription[]) => void;
    },
  ) {}

  /** The server's tools (connecting when needed). */
  async tools(): Promise<McpToolDescription[]> {
    return (await this.connect()).tools;
  }

  /** Calls a tool with named arguments; throws an error naming the server when it fails, times out or dies. */
  async call(
    tool: string,
    args: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<McpCallResult> {
    const session = await this.connect();
    const timeoutMs = this.config.timeoutMs ?? DEFAULT_MCP_CALL_TIMEOUT_MS;
    try {
      return (await session.client.callTool(
        { name: tool, arguments: args },
        { timeout: timeoutMs, ...(signal ? { signal } : {}) },
      )) as McpCallResult;
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      if (session.closed || errorCode(error) === "CONNECTION_CLOSED") {
        session.closed = true;
        throw new Error(
          `MCP server '${this.server}' closed the connection during ${tool}${this.stderrTail(session)}.`,
          { cause: error },
        );
      }
      if (errorCode(error) === "REQUEST_TIMEOUT")
        throw new Error(
          `MCP server '${this.server}' did not answer ${tool} within ${timeoutMs} ms.`,
          { cause: error },
        );
      throw new Error(`MCP server '${this.server}' failed on ${tool}: ${messageOf(error)}`, {
        cause: error,
      });
    }
  }

  /** Closes the connection (a stdio server's process ends). */
  async close(): Promise<void> {
    const pending = this.session;
    this.session = null;
    const session = await pending?.catch(() => null);
    if (!session) return;
    session.closed = true;
    await session.client.close().catch(() => undefined);
    if (session.pid !== null) untrackChild(session.pid);
  }

  private async connect(): Promise<Session> {
    const current = this.session;
    if (current) {
      const session = await current.catch(() => null);
      if (session && !session.closed) return session;
      if (this.session === current) this.session = null;
    }
    this.session ??= this.open();
    const opening = this.session;
    opening.catch(() => {
      if (this.session === opening) this.session = null;
    });
    return opening;
  }

  private stderrTail(session: Session): string {
    const text = session.stderr.trim();
    return text ? ` (its stderr ends: ${JSON.stringify(text.slice(-200))})` : "";
  }

  private async open(): Promise<Session> {
    await this.options.beforeConnect?.(this.server);
    const { client: sdk, stdio } = await importMcpClient(this.options.baseDir);
    const client = new sdk.Client({ name: "lackpy", version: MCP_CLIENT_VERSION });
    const session: Session = { client, tools: [], closed: false, stderr: "", pid: null };
    const timeoutMs = this.config.connectTimeoutMs ?? DEFAULT_MCP_CONNECT_TIMEOUT_MS;
    const transport = this.config.url
      ? new sdk.StreamableHTTPClientTransport(new URL(this.config.url), {
          requestInit: { headers: this.headers() },
        })
      : new stdio.StdioClientTransport({
          command: this.config.command ?? "",
          args: [...(this.config.args ?? [])],
          env: this.environment(),
          cwd: path.resolve(this.options.baseDir, this.config.cwd ?? "."),
          stderr: "pipe",
        });
    if (transport instanceof stdio.StdioClientTransport)
      transport.stderr?.on("data", (chunk: Buffer) => {
        session.stderr = (session.stderr + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
      });
    client.onclose = () => {
      session.closed = true;
      if (session.pid !== null) untrackChild(session.pid);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`it did not start within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      await Promise.race([client.connect(transport, { timeout: timeoutMs }), timeout]);
      if (transport instanceof stdio.StdioClientTransport && transport.pid !== null) {
        session.pid = transport.pid;
        trackChild(transport.pid);
      }
      const listed = await Promise.race([
        client.listTools(undefined, { timeout: timeoutMs }),
        timeout,
      ]);
      session.tools = listed.tools as McpToolDescription[];
      this.options.onTools?.(this.server, session.tools);
      return session;
    } catch (error) {
      session.closed = true;
      await client.close().catch(() => undefined);
      if (session.pid !== null) untrackChild(session.pid);
      throw new KitError(
        "mcp_server_unavailable",
        `MCP server '${this.server}' is unavailable: ${messageOf(error)}${this.stderrTail(session)}.`,
        {
          hint: this.config.url
            ? `check that ${this.config.url} serves MCP (Streamable HTTP)`
            : `check [mcp_servers.${this.server}] command and args in .lackpy/config.toml; the command must start an MCP server on stdio`,
          cause: error,
        },
      );
    } finally {
      clearTimeout(timer);
    }
  }

  private environment(): Record<string, string> {
    const inherited: Record<string, string> = {};
    for (const name of this.config.inheritEnv ?? []) {
      const value = this.options.env[name];
      if (value !== undefined) inherited[name] = value;
    }
    return { ...inherited, ...(this.config.env ?? {}) };
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { ...(this.config.headers ?? {}) };
    const tokenName = this.config.bearerTokenEnv;
    if (tokenName) {
      const token = this.options.env[tokenName];
      if (token === undefined)
        throw new KitError(
          "mcp_server_unavailable",
          `MCP server '${this.server}' needs the environment variable ${tokenName} (bearer_token_env), which is not set.`,
          { hint: `set ${tokenName} before starting lackpy` },
        );
      headers.Authorization = `Bearer ${token}`;
    }
    return headers;
  }
}
