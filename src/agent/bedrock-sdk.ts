// The Amazon Bedrock client, in its own module so the bundle loads it (and the
// AWS signing and credential code it brings) as a lazy chunk, only on a run
// with provider: bedrock. Its errors are the Anthropic SDK's own classes.
export { AnthropicBedrock } from '@anthropic-ai/bedrock-sdk/client';
export { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/bedrock-sdk/core/error';
