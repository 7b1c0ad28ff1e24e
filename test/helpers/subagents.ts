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

/** A request of a checker, which gives the review's findings a second look before they are posted. */
export const isChecker = (body: any): boolean => forkInstructions(body).startsWith('You are a checker of Deckhand');

/** The findings a checker's request shows, in order: where each points (path and last line). */
export function checkedFindings(body: any): Array<{ number: number; path: string; line: number }> {
  return [...forkInstructions(body).matchAll(/^### Finding (\d+): (.+?), lines? (?:\d+–)?(\d+) of /gm)].map((m) => ({ number: Number(m[1]), path: m[2]!, line: Number(m[3]) }));
}

/** A checker's answer: the JSON array of verdicts its instructions ask for. */
export const verdictsText = (verdicts: ReadonlyArray<{ finding: number; verdict: 'confirmed' | 'refuted'; evidence: string }>): string => JSON.stringify(verdicts);

/** The answer of a checker that confirms every finding it was given, citing the line each points at. */
export const confirmingAll = (body: any): string =>
  verdictsText(checkedFindings(body).map((f) => ({ finding: f.number, verdict: 'confirmed' as const, evidence: `${f.path}:${f.line} is as the finding says.` })));
