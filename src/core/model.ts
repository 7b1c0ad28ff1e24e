// The model as the loop sees it: one request in, one whole assistant message
// out. The clients that speak to a provider (agent/model.ts, agent/providers.ts)
// implement it; tests may too.
import type { ContentBlock, MessageParam, TextBlockParam, Tool as ApiTool, Usage } from '@anthropic-ai/sdk/resources/messages';

export interface ModelRequest {
  model: string;
  system: TextBlockParam[];
  messages: MessageParam[];
  tools: ApiTool[];
  maxTokens: number;
}

export interface ModelResponse {
  content: ContentBlock[];
  stopReason: string | null;
  usage: Usage;
}

export interface ModelClient {
  send(request: ModelRequest, signal: AbortSignal): Promise<ModelResponse>;
}
