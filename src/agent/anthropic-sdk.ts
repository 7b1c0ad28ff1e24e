// The parts of the Anthropic SDK Deckhand uses, in one module so the bundle
// loads them as one lazy chunk: the base client and the Messages resource
// (the full client registers every API resource and costs twice the start-up).
export { BaseAnthropic } from '@anthropic-ai/sdk/client';
export { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk/error';
export { Messages } from '@anthropic-ai/sdk/resources/messages/messages';
