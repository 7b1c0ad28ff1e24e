// The run's sub-agents as the model API sees them. Each is a fork of the main
// agent: the same tools, system prompt and first block of its first message,
// then a block of its own instructions, which says who it is.

/** The text of a request's own instructions after the fork point (empty for the main agent's requests). */
export const forkInstructions = (body: any): string => {
  const first = body?.messages?.[0]?.content;
  return Array.isArray(first) && typeof first[1]?.text === 'string' ? first[1].text : '';
};

/** A request of the verifier, which checks the work before it is pushed. */
export const isVerifier = (body: any): boolean => forkInstructions(body).startsWith('You are the verifier of Deckhand');

/** A request of an explore agent, started by the Agent tool. */
export const isExplorer = (body: any): boolean => forkInstructions(body).startsWith('You are an explore agent of Deckhand');
