// ReplyToReviewThread: the model's word on an earlier review thread — the
// finding was addressed (and, on its own thread, resolved) or still stands.
// Nothing is posted here: the replies go out with the review when the run ends.
import { z } from 'zod';
import type { ReviewThread } from '../core/context.js';
import { loadPrompt } from '../prompts/load.js';
import { defineTool, ToolError, type ToolKind } from './tool.js';

const inputSchema = z.object({
  comment_id: z.number().int().positive().describe('The id of a comment in the thread (as the GitHub context gives it)'),
  body: z.string().min(1).describe('The reply, in Markdown'),
  resolve: z.boolean().optional().describe('true to resolve the thread (only a thread you started): the finding was addressed'),
});

export function createReplyToReviewThreadTool(threads: readonly ReviewThread[]): ToolKind {
  const threadOf = new Map(threads.flatMap((thread) => thread.comments.map((c) => [c.id, thread] as const)));
  return defineTool(
    { name: 'ReplyToReviewThread', description: loadPrompt('tools/ReplyToReviewThread.md'), inputSchema, traits: { harmless: true } },
    ({ review }) => ({
      async call(input) {
        const thread = threadOf.get(input.comment_id);
        if (!thread) {
          throw new ToolError(`There is no review comment ${input.comment_id} on this pull request. Use a comment_id the GitHub context gives (the ids of your earlier comments are listed there).`);
        }
        const own = thread.comments[0]?.author.permission === 'deckhand';
        if (input.resolve && !own) {
          const starter = thread.comments[0]?.author.login ?? 'someone else';
          throw new ToolError(`resolve: true is only for threads Deckhand started, and the thread of comment ${input.comment_id} was started by @${starter}. Reply without resolve, or leave the thread alone.`);
        }
        const earlier = review.replies.findIndex((r) => r.rootId === thread.rootId);
        const reply = { rootId: thread.rootId, body: input.body.trim(), resolve: input.resolve === true };
        if (earlier >= 0) review.replies[earlier] = reply;
        else review.replies.push(reply);
        const replaced = earlier >= 0 ? ' It replaces your earlier reply to this thread.' : '';
        const resolved = reply.resolve ? ', and the thread will be resolved' : '';
        return { content: `Reply added to the thread on ${thread.path}${thread.line ? ` line ${thread.line}` : ''}${resolved}; it will be posted with the review when you finish.${replaced}` };
      },
    }),
  );
}
