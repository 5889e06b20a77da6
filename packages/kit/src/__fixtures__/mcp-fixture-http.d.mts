/** The fixture MCP server over Streamable HTTP on 127.0.0.1. */
export interface HttpFixture {
  url: string;
  /** The headers of every request, in order. */
  headers: Record<string, string | string[] | undefined>[];
  close(): Promise<void>;
}

/** Starts the HTTP fixture on a free loopback port. */
export function startHttpFixture(): Promise<HttpFixture>;
