// The model, as the loop sees it: one streamed request in, one whole assistant
// message out, or an error the loop can tell apart (prompt too long, cancelled,
// anything else as one readable line). Retries of 429/5xx/529 are the SDK's
// (with backoff); a stream cut mid-way is retried here, since the SDK would
// otherwise hand back the part that arrived as if it were the whole message.
import type { APIConnectionError, APIError as ApiErrorType, APIUserAbortError } from '@anthropic-ai/sdk/error';
import type { Messages } from '@anthropic-ai/sdk/resources/messages/messages';
import type { ModelClient, ModelRequest, ModelResponse } from '../core/model.js';
import { httpFetch } from '../http.js';

/** The request no longer fits the context window; the loop can compact and retry. */
export class PromptTooLongError extends Error {
  override name = 'PromptTooLongError';
}

/** The run was aborted (timeout or cancellation) while waiting for the model. */
export class ModelAbortedError extends Error {
  override name = 'ModelAbortedError';
}

/** Any other failure, with a message fit for one line in a log or a comment. */
export class ModelError extends Error {
  override name = 'ModelError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

class IncompleteStreamError extends Error {}

const STREAM_RETRIES = 2;

type Sdk = typeof import('./anthropic-sdk.js');

/**
 * The prompt does not fit: "prompt is too long", or — sooner, since the API
 * counts the room asked for the answer too — "input length and `max_tokens`
 * exceed context limit". Either way the history must shrink. Bedrock says it
 * with a 400 ValidationException ("Input is too long for requested model.",
 * or "The model returned the following errors: prompt is too long: …"),
 * Vertex AI with a 413 "Prompt is too long"; `detail` is the provider's own
 * message where its error body puts it elsewhere.
 */
export function isPromptTooLong(err: ApiErrorType, detail = err.apiMessage ?? err.message): boolean {
  return (
    (err.status === 400 || err.status === 413) &&
    (err.errorCode === 'prompt_too_long' || /prompt is too long|input is too long for requested model|input length and `?max_tokens`? exceed context limit/i.test(detail))
  );
}

function describe(sdk: Sdk, err: unknown): ModelError {
  if (err instanceof sdk.APIError && !(err instanceof sdk.APIConnectionError)) {
    const what = [err.status, err.type].filter((part) => part !== undefined && part !== null).join(' ');
    const detail = (err.apiMessage ?? err.message).split('\n')[0]!.replace(/\.$/, '');
    const hint =
      err.status === 401 ? ' Check the anthropic_api_key input (or ANTHROPIC_API_KEY).'
      : err.status === 404 ? ' Check the model input.'
      : err.status === undefined || err.status === 429 || err.status >= 500 ? ' (still failing after retries with backoff)'
      : '';
    return new ModelError(`Anthropic API error ${what}: ${detail}.${hint}`, err.status);
  }
  const message = err instanceof Error ? err.message : String(err);
  return new ModelError(`Could not reach the Anthropic API: ${message.split('\n')[0]}`);
}

export interface ClientOptions {
  apiKey?: string;
  authToken?: string;
  baseURL?: string;
  maxRetries?: number;
}

async function createClient(options: ClientOptions): Promise<{ sdk: Sdk; messages: Messages }> {
  const sdk = await import('./anthropic-sdk.js');
  const { BaseAnthropic, Messages } = sdk;
  // Never look for credentials in files or other places on the runner: only what
  // the workflow passed. (The SDK otherwise walks a credential chain.)
  class ExplicitAuthAnthropic extends BaseAnthropic {
    protected override _shouldResolveDefaultCredentials(): boolean {
      return false;
    }
  }
  const auth = options.apiKey
    ? { apiKey: options.apiKey, authToken: null }
    : options.authToken
      ? { apiKey: null, authToken: options.authToken }
      : // A gateway at ANTHROPIC_BASE_URL may authenticate by other means.
        { apiKey: null, authToken: null, defaultHeaders: { authorization: null } };
  const client = new ExplicitAuthAnthropic({ ...auth, baseURL: options.baseURL ?? null, maxRetries: options.maxRetries ?? 2, fetch: httpFetch });
  return { sdk, messages: new Messages(client) };
}

/**
 * What a provider's client gives the shared send loop: the Messages resource
 * (every provider's SDK extends the same base client, so its errors are the
 * same classes) and how that provider says "prompt too long" and other errors.
 */
export interface ModelBackend {
  messages: Pick<Messages, 'stream'>;
  errors: { APIError: typeof ApiErrorType; APIConnectionError: typeof APIConnectionError; APIUserAbortError: typeof APIUserAbortError };
  isPromptTooLong(err: ApiErrorType): boolean;
  describe(err: unknown): ModelError;
}

/**
 * The SDK starts loading when the client is made, not at start-up: made early,
 * its loading overlaps the other work before the first request (the sandbox
 * probe, git), and start-up time is a product figure.
 */
export function anthropicModel(options: ClientOptions): ModelClient {
  return streamingModel(
    createClient(options).then(({ sdk, messages }) => ({ messages, errors: sdk, isPromptTooLong, describe: (err: unknown) => describe(sdk, err) })),
  );
}

/** One streamed request per send, over whichever provider's client `ready` resolves to. */
export function streamingModel(ready: Promise<ModelBackend>): ModelClient {
  ready.catch(() => undefined); // reported by send()

  async function once(messages: ModelBackend['messages'], request: ModelRequest, signal: AbortSignal, began?: () => void): Promise<ModelResponse> {
    const stream = messages.stream(
      {
        model: request.model,
        system: request.system,
        messages: request.messages,
        tools: request.tools,
        ...(request.toolChoice ? { tool_choice: request.toolChoice } : {}),
        max_tokens: request.maxTokens,
      },
      { signal },
    );
    let stopped = false;
    stream.on('streamEvent', (event) => {
      if (event.type === 'message_start') began?.();
      else if (event.type === 'message_stop') stopped = true;
    });
    const message = await stream.finalMessage();
    if (!stopped) throw new IncompleteStreamError('the response stream ended before the message was complete');
    return { content: message.content, stopReason: message.stop_reason, usage: message.usage };
  }

  return {
    async send(request, signal, began) {
      const backend = await ready;
      const sdk = backend.errors;
      for (let attempt = 0; ; attempt++) {
        try {
          return await once(backend.messages, request, signal, began);
        } catch (err) {
          if (signal.aborted || err instanceof sdk.APIUserAbortError) throw new ModelAbortedError('aborted');
          if (err instanceof sdk.APIError && err.status !== undefined) {
            if (backend.isPromptTooLong(err)) throw new PromptTooLongError(err.apiMessage ?? err.message);
            throw backend.describe(err); // the SDK has already retried 408, 409, 429 and 5xx (so 503 and 529)
          }
          // The SDK also retried failed connections; what is left is a stream that
          // broke after it began (a cut connection, an error event, a missing end).
          if (err instanceof sdk.APIConnectionError || attempt >= STREAM_RETRIES) throw backend.describe(err);
          await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
          if (signal.aborted) throw new ModelAbortedError('aborted');
        }
      }
    },
  };
}
