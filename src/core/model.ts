// The model as the loop sees it: one request in, one whole assistant message
// out. The clients that speak to a provider (agent/model.ts, agent/providers.ts)
// implement it; tests may too.
import type { ContentBlock, MessageParam, TextBlockParam, Tool as ApiTool, Usage } from '@anthropic-ai/sdk/resources/messages';

export interface ModelRequest {
  model: string;
  system: TextBlockParam[];
  messages: MessageParam[];
  tools: ApiTool[];
  /** Makes the model call this tool (an answer in the shape of its input schema); the model chooses when absent. */
  toolChoice?: { type: 'tool'; name: string };
  maxTokens: number;
}

export interface ModelResponse {
  content: ContentBlock[];
  stopReason: string | null;
  usage: Usage;
}

export interface ModelClient {
  /**
   * `began`: called once, when the response has begun (its first event). The
   * prompt-cache entries the request wrote are readable from then on, not
   * before: a request that should read them waits for it.
   */
  send(request: ModelRequest, signal: AbortSignal, began?: () => void): Promise<ModelResponse>;
}
