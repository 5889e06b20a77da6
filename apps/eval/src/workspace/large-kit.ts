/**
 * The 150-tool kit: an intent's own kit (the file tools, the eval kit) among the tools of
 * twelve made-up MCP servers, as a workspace with several servers configured would have. The
 * other servers' tools come first, so the kit's order does not favour the intent's own tools;
 * some of them are about files too (a drive, a bucket, a repository), as real servers' are. The
 * specs are made here (synthetic, like MCP tools with nested input and output types); their
 * provider returns an empty result, since a right answer never needs them.
 */
import type { ToolSpec, Toolbox } from "@lackpy/kit";

/** Tools in the large kit: the intent's own and the servers' together. */
export const LARGE_KIT_SIZE = 150;

/** The provider of the servers' tools. */
export const FILLER_PROVIDER = "filler";

interface ServerTools {
  prefix: string;
  thing: string;
  fields: string;
  tools: readonly [verb: string, description: string, args: string][];
}

const ID = "id: string";
const SERVERS: readonly ServerTools[] = [
  {
    prefix: "github",
    thing: "issue",
    fields: '{ number: number, title: string, state: "open" | "closed", labels: string[] }',
    tools: [
      ["list_issues", "Issues of a repository, newest first.", "repo: string, state?: string"],
      ["get_issue", "One issue with its body and comments.", "repo: string, number: number"],
      [
        "create_issue",
        "Open an issue in a repository.",
        "repo: string, title: string, body?: string",
      ],
      ["comment_issue", "Add a comment to an issue.", "repo: string, number: number, body: string"],
      ["close_issue", "Close an issue.", "repo: string, number: number"],
      ["list_pull_requests", "Open pull requests of a repository.", "repo: string"],
      ["merge_pull_request", "Merge a pull request.", "repo: string, number: number"],
      [
        "get_file_contents",
        "The contents of a file in a GitHub repository at a ref.",
        "repo: string, path: string, ref?: string",
      ],
      ["search_code", "Code search across GitHub repositories.", "query: string"],
      ["list_commits", "Commits of a branch, newest first.", "repo: string, branch?: string"],
      ["create_branch", "Create a branch from a ref.", "repo: string, name: string, from?: string"],
      ["list_releases", "Releases of a repository.", "repo: string"],
    ],
  },
  {
    prefix: "jira",
    thing: "ticket",
    fields: "{ key: string, summary: string, status: string, assignee: string | null }",
    tools: [
      ["search_tickets", "Tickets matching a JQL query.", "jql: string"],
      ["get_ticket", "One ticket with its fields.", "key: string"],
      [
        "create_ticket",
        "Create a ticket in a project.",
        "project: string, summary: string, type?: string",
      ],
      ["transition_ticket", "Move a ticket to another status.", "key: string, status: string"],
      ["assign_ticket", "Assign a ticket to a person.", "key: string, person: string"],
      ["add_worklog", "Log time on a ticket.", "key: string, minutes: number"],
      ["list_sprints", "Sprints of a board.", "board: number"],
      ["list_projects", "Projects the account can see.", ""],
      ["link_tickets", "Link two tickets.", "from: string, to: string, kind?: string"],
      ["list_comments", "Comments on a ticket.", "key: string"],
      ["add_comment", "Comment on a ticket.", "key: string, body: string"],
      ["delete_ticket", "Delete a ticket.", "key: string"],
    ],
  },
  {
    prefix: "slack",
    thing: "message",
    fields: "{ ts: string, user: string, text: string }",
    tools: [
      ["list_channels", "Channels of the workspace.", ""],
      ["post_message", "Post a message to a channel.", "channel: string, text: string"],
      ["channel_history", "Recent messages of a channel.", "channel: string, limit?: number"],
      ["search_messages", "Messages matching a query.", "query: string"],
      ["reply_thread", "Reply in a message's thread.", "channel: string, ts: string, text: string"],
      [
        "add_reaction",
        "React to a message with an emoji.",
        "channel: string, ts: string, emoji: string",
      ],
      ["list_users", "People in the workspace.", ""],
      ["get_user", "One person's profile.", "user: string"],
      ["set_topic", "Set a channel's topic.", "channel: string, topic: string"],
      ["pin_message", "Pin a message in a channel.", "channel: string, ts: string"],
      [
        "upload_snippet",
        "Share a snippet of text in a channel.",
        "channel: string, title: string, content: string",
      ],
      ["invite_user", "Invite a person to a channel.", "channel: string, user: string"],
    ],
  },
  {
    prefix: "calendar",
    thing: "event",
    fields: "{ id: string, title: string, start: string, end: string, attendees: string[] }",
    tools: [
      ["list_events", "Events between two dates.", "from: string, to: string"],
      ["get_event", "One event.", ID],
      ["create_event", "Schedule an event.", "title: string, start: string, end: string"],
      ["update_event", "Change an event's time or title.", `${ID}, start?: string, title?: string`],
      ["delete_event", "Cancel an event.", ID],
      [
        "find_free_slot",
        "The first free slot of a length for some people.",
        "people: string[], minutes: number",
      ],
      ["list_calendars", "Calendars of the account.", ""],
      ["respond_event", "Accept or decline an invitation.", `${ID}, answer: string`],
      ["add_attendee", "Invite a person to an event.", `${ID}, person: string`],
      ["set_reminder", "A reminder before an event.", `${ID}, minutes: number`],
      ["list_rooms", "Meeting rooms and their capacity.", ""],
      ["book_room", "Book a room for an event.", `${ID}, room: string`],
    ],
  },
  {
    prefix: "mail",
    thing: "email",
    fields: "{ id: string, from: string, subject: string, date: string }",
    tools: [
      ["search_inbox", "Emails matching a query.", "query: string"],
      ["read_email", "One email with its body.", ID],
      ["send_email", "Send an email.", "to: string, subject: string, body: string"],
      ["draft_email", "Save a draft.", "to: string, subject: string, body: string"],
      ["archive_email", "Archive an email.", ID],
      ["label_email", "Label an email.", `${ID}, label: string`],
      ["list_labels", "Labels of the mailbox.", ""],
      ["forward_email", "Forward an email.", `${ID}, to: string`],
      ["list_attachments", "Attachments of an email.", ID],
      ["mark_read", "Mark an email read.", ID],
      ["list_threads", "Recent threads.", "limit?: number"],
      ["delete_email", "Delete an email.", ID],
    ],
  },
  {
    prefix: "drive",
    thing: "document",
    fields: "{ id: string, name: string, mimeType: string, modified: string }",
    tools: [
      ["list_files", "Files in a drive folder.", "folder?: string"],
      ["read_file", "The text of a document in the drive.", ID],
      ["search_files", "Drive files whose name or text matches a query.", "query: string"],
      ["create_document", "Create a document in the drive.", "name: string, content: string"],
      ["share_file", "Share a drive file with a person.", `${ID}, person: string, role?: string`],
      ["move_file", "Move a drive file to a folder.", `${ID}, folder: string`],
      ["delete_file", "Move a drive file to the trash.", ID],
      ["list_comments", "Comments on a document.", ID],
      ["export_pdf", "Export a document as PDF.", ID],
      ["list_revisions", "Revisions of a document.", ID],
      ["create_folder", "Create a drive folder.", "name: string, parent?: string"],
      ["get_permissions", "Who can see a file.", ID],
    ],
  },
  {
    prefix: "s3",
    thing: "object",
    fields: "{ key: string, size: number, modified: string }",
    tools: [
      ["list_buckets", "Buckets of the account.", ""],
      ["list_objects", "Objects in a bucket under a prefix.", "bucket: string, prefix?: string"],
      ["get_object", "An object's content as text.", "bucket: string, key: string"],
      ["put_object", "Write an object.", "bucket: string, key: string, body: string"],
      ["delete_object", "Delete an object.", "bucket: string, key: string"],
      ["head_object", "An object's size and metadata.", "bucket: string, key: string"],
      ["copy_object", "Copy an object.", "bucket: string, from: string, to: string"],
      [
        "presign_url",
        "A time-limited download URL.",
        "bucket: string, key: string, seconds?: number",
      ],
      ["bucket_policy", "A bucket's access policy.", "bucket: string"],
      ["create_bucket", "Create a bucket.", "bucket: string, region?: string"],
      ["list_versions", "Versions of an object.", "bucket: string, key: string"],
      ["object_tags", "Tags of an object.", "bucket: string, key: string"],
    ],
  },
  {
    prefix: "sentry",
    thing: "error",
    fields: "{ id: string, title: string, count: number, lastSeen: string }",
    tools: [
      ["list_issues", "Unresolved error groups of a project.", "project: string"],
      ["get_issue", "One error group with its latest event.", ID],
      ["resolve_issue", "Mark an error group resolved.", ID],
      ["list_events", "Events of an error group.", ID],
      ["stack_trace", "The stack trace of an event.", "event: string"],
      ["list_releases", "Releases with their crash-free rate.", "project: string"],
      ["assign_issue", "Assign an error group.", `${ID}, person: string`],
      ["ignore_issue", "Ignore an error group.", ID],
      ["list_projects", "Projects of the organisation.", ""],
      ["project_stats", "Error counts per day.", "project: string, days?: number"],
      ["list_alerts", "Alert rules of a project.", "project: string"],
      ["mute_alert", "Mute an alert rule.", "rule: string"],
    ],
  },
  {
    prefix: "stripe",
    thing: "invoice",
    fields: "{ id: string, customer: string, amount: number, status: string }",
    tools: [
      ["list_customers", "Customers, newest first.", "limit?: number"],
      ["get_customer", "One customer.", ID],
      ["list_invoices", "Invoices of a customer.", "customer: string"],
      ["create_invoice", "Create an invoice.", "customer: string, amount: number"],
      ["refund_charge", "Refund a charge.", "charge: string, amount?: number"],
      ["list_subscriptions", "Subscriptions of a customer.", "customer: string"],
      ["cancel_subscription", "Cancel a subscription.", ID],
      ["list_products", "Products and their prices.", ""],
      ["create_coupon", "Create a coupon.", "percent: number, name: string"],
      ["balance", "The account's balance.", ""],
      ["list_payouts", "Payouts to the bank.", "limit?: number"],
      ["list_disputes", "Open disputes.", ""],
    ],
  },
  {
    prefix: "postgres",
    thing: "row",
    fields: "{ [column: string]: unknown }",
    tools: [
      ["query", "Run a read-only SQL query.", "sql: string"],
      ["list_tables", "Tables of a schema.", "schema?: string"],
      ["describe_table", "Columns and types of a table.", "table: string"],
      ["table_size", "Rows and bytes of a table.", "table: string"],
      ["list_indexes", "Indexes of a table.", "table: string"],
      ["explain", "The query plan of a SQL query.", "sql: string"],
      ["list_schemas", "Schemas of the database.", ""],
      ["slow_queries", "The slowest recent queries.", "limit?: number"],
      ["list_roles", "Database roles.", ""],
      ["active_connections", "Open connections by client.", ""],
      ["list_extensions", "Installed extensions.", ""],
      ["vacuum_stats", "When tables were last vacuumed.", ""],
    ],
  },
  {
    prefix: "k8s",
    thing: "pod",
    fields: "{ name: string, namespace: string, status: string, restarts: number }",
    tools: [
      ["list_pods", "Pods of a namespace.", "namespace?: string"],
      ["get_pod", "One pod with its containers.", "name: string, namespace?: string"],
      ["pod_logs", "Recent log output of a pod.", "name: string, lines?: number"],
      ["list_deployments", "Deployments of a namespace.", "namespace?: string"],
      ["scale_deployment", "Scale a deployment.", "name: string, replicas: number"],
      ["restart_deployment", "Restart a deployment's pods.", "name: string"],
      ["list_services", "Services of a namespace.", "namespace?: string"],
      ["list_namespaces", "Namespaces of the cluster.", ""],
      ["describe_node", "A node's capacity and conditions.", "name: string"],
      ["list_events", "Recent cluster events.", "namespace?: string"],
      ["apply_manifest", "Apply a YAML manifest.", "manifest: string"],
      ["delete_pod", "Delete a pod.", "name: string, namespace?: string"],
    ],
  },
  {
    prefix: "figma",
    thing: "frame",
    fields: "{ id: string, name: string, width: number, height: number }",
    tools: [
      ["list_projects", "Projects of a team.", "team: string"],
      ["list_designs", "Design documents of a project.", "project: string"],
      ["get_frames", "Frames of a design.", "design: string"],
      ["export_frame", "Export a frame as PNG.", "design: string, frame: string"],
      ["list_comments", "Comments on a design.", "design: string"],
      ["post_comment", "Comment on a design.", "design: string, text: string"],
      ["list_components", "Components of a library.", "design: string"],
      ["get_styles", "Colour and text styles of a design.", "design: string"],
      ["version_history", "Saved versions of a design.", "design: string"],
      ["list_pages", "Pages of a design.", "design: string"],
      ["get_variables", "Design variables of a design.", "design: string"],
      ["duplicate_design", "Duplicate a design.", "design: string, name: string"],
    ],
  },
  {
    prefix: "notion",
    thing: "page",
    fields: "{ id: string, title: string, edited: string, parent: string | null }",
    tools: [
      ["search", "Pages and databases matching a query.", "query: string"],
      ["get_page", "One page with its blocks as text.", ID],
      [
        "create_page",
        "Create a page under a parent.",
        "parent: string, title: string, content?: string",
      ],
      ["append_block", "Append text to a page.", `${ID}, text: string`],
      ["update_page", "Rename a page or set its properties.", `${ID}, title?: string`],
      ["archive_page", "Archive a page.", ID],
      [
        "query_database",
        "Rows of a database matching a filter.",
        "database: string, filter?: { property: string, equals: string }",
      ],
      ["list_databases", "Databases the integration can see.", ""],
      ["list_users", "People in the workspace.", ""],
      ["list_comments", "Comments on a page.", ID],
      ["add_comment", "Comment on a page.", `${ID}, text: string`],
      ["page_history", "Who edited a page and when.", ID],
    ],
  },
];

/** `a: string, b?: number` → arg specs. */
function parseArgs(text: string): NonNullable<ToolSpec["args"]> {
  if (text.trim() === "") return [];
  return text.split(/,\s*(?![^{]*})/).map((part) => {
    const colon = part.indexOf(":");
    const name = part.slice(0, colon).trim();
    const optional = name.endsWith("?");
    return {
      name: optional ? name.slice(0, -1) : name,
      type: part.slice(colon + 1).trim(),
      ...(optional ? { optional: true } : {}),
    };
  });
}

/** Every server tool, in the servers' order. */
export const FILLER_TOOL_SPECS: readonly ToolSpec[] = Object.freeze(
  SERVERS.flatMap((server) =>
    server.tools.map(([verb, description, args]): ToolSpec => {
      const reads =
        /^(list|get|read|search|describe|query|head|pod|stack|table|project|balance|explain|slow|active|vacuum|version|channel|find|bucket|object)/.test(
          verb,
        );
      return {
        name: `${server.prefix}_${verb}`,
        provider: FILLER_PROVIDER,
        description,
        args: parseArgs(args),
        returns:
          verb.startsWith("list") || verb.startsWith("search")
            ? `${server.fields}[]`
            : server.fields,
        gradeW: reads ? 1 : 2,
        effectsCeiling: reads ? 0 : 2,
      };
    }),
  ),
);

/** Registers the servers' tools and their provider (every tool returns an empty result). */
export function registerFillerTools(toolbox: Toolbox): void {
  toolbox.registerProvider({ name: FILLER_PROVIDER, resolve: () => () => ({}) });
  for (const spec of FILLER_TOOL_SPECS) toolbox.registerTool(spec);
}

/** The 150-tool kit for a kit's tools: the servers' tools first, then the kit's own. */
export function largeKit(ownTools: readonly string[]): string[] {
  const own = new Set(ownTools);
  const fillers = FILLER_TOOL_SPECS.map((spec) => spec.name).filter((name) => !own.has(name));
  return [...fillers.slice(0, Math.max(0, LARGE_KIT_SIZE - own.size)), ...ownTools];
}
