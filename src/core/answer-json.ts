// The JSON a sub-agent answers with, read out of its final message: from the
// first opening bracket to the last closing one, so a sentence or a code fence
// around it does not matter. What it holds is for the caller to validate.

/** The JSON array (`[`) or object (`{`) in `answer`; undefined when there is none or it does not parse. */
export function jsonIn(answer: string, open: '[' | '{'): unknown {
  const start = answer.indexOf(open);
  const end = answer.lastIndexOf(open === '[' ? ']' : '}');
  if (start < 0 || end < start) return undefined;
  try {
    return JSON.parse(answer.slice(start, end + 1));
  } catch {
    return undefined;
  }
}
