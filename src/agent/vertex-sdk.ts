// The Google Vertex AI client and the Google auth library it authenticates
// with, in their own module so the bundle loads them as a lazy chunk, only on
// a run with provider: vertex. Its errors are the Anthropic SDK's own classes.
export { AnthropicVertex } from '@anthropic-ai/vertex-sdk/client';
export { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/vertex-sdk/core/error';
export { GoogleAuth } from 'google-auth-library';
