import {
  BaseChatModel,
  type BindToolsInput,
} from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";

/** One turn of a script: the conversation so far in, the model's reply out. */
export type ChatScript = (messages: BaseMessage[], lastToolResult: any) => AIMessage;

/**
 * A chat model whose replies come from a script that reads the conversation, so a test drives
 * a real agent loop the way a tool-calling model would (LangChain's own fakes reply from a
 * fixed list and cannot look at a tool's result).
 */
export class ScriptedChatModel extends BaseChatModel {
  /** The tools `bindTools` was given, as the model would be offered them. */
  boundTools: BindToolsInput[] = [];
  /** The messages of every call. */
  readonly calls: BaseMessage[][] = [];

  constructor(private readonly script: ChatScript) {
    super({});
  }

  _llmType(): string {
    return "scripted";
  }

  override bindTools(tools: BindToolsInput[]) {
    this.boundTools = tools;
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.calls.push(messages);
    const last = messages.at(-1);
    const result =
      last instanceof ToolMessage ? JSON.parse(last.content as string) : undefined;
    const message = this.script(messages, result);
    return { generations: [{ message, text: typeof message.content === "string" ? message.content : "" }] };
  }
}

/** An AI message that calls `name` with `args`. */
export function callTool(id: string, name: string, args: Record<string, unknown>): AIMessage {
  return new AIMessage({ content: "", tool_calls: [{ id, name, args, type: "tool_call" }] });
}
