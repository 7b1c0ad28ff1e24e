// Say we are on it: the tracking comment is posted beside the first reads,
// which need nothing it returns. Its request is started a tick before them;
// Octokit's throttle still lets a few reads through first (a write passes two
// more limiters), so it reaches GitHub among the first reads, not after their
// answers. The ending reports the comment, so a failure waits for it: it is
// never left "working".
import { TrackingComment, TWO_PHASE_NOTE } from '../../github/tracking-comment.js';
import { step } from '../runner.js';
import { SetupError, type Values } from '../values.js';

export const posting = step<Values>()({
  makes: 'posting',
  // Everything that may still stop the run comes before it.
  needs: ['request', 'spec', 'started', 'writer', 'api', 'place', 'tempDir'],
  async run({ request, spec, started, writer, api, place }, io) {
    const where = spec.trackingPlace(started.trigger);
    if (!where) return {};
    // A two-phase run's agent and publish jobs take on the comment its start job posted.
    const { phase, tracking_comment_id: id } = request.inputs;
    const comment =
      id !== undefined && phase !== 'all' && api
        ? TrackingComment.adopt(writer, where, id, api, place.runUrl, io.warn).catch((err: Error) => {
            // GitHub's own errors say themselves; a comment that is not this run's is the input's fault, in one line.
            throw err.name === 'GitHubError' ? err : new SetupError(err.message);
          })
        : TrackingComment.create(writer, where, place.runUrl, io.warn, phase === 'start' ? TWO_PHASE_NOTE : undefined);
    comment.catch(() => undefined); // awaited by the tracking step
    await new Promise((resolve) => setImmediate(resolve));
    return { comment };
  },
});

export const tracking = step<Values>()({
  makes: 'tracking',
  needs: ['posting'],
  reported: true,
  run: ({ posting }) => posting.comment,
});

/**
 * Who Deckhand posts as: only its marked texts count as its own (an outsider
 * can copy a mark, not an author) — the tracking comment's author, or, without
 * one, what GitHub says of the token (beside gather's first listings).
 */
export const self = step<Values>()({
  makes: 'self',
  needs: ['posting', 'started', 'api'],
  run({ posting, started, api }) {
    if (posting.comment) return posting.comment.then((posted) => posted.author, () => undefined);
    return started.trigger.number !== undefined && api ? api.tokenLogin() : undefined;
  },
});
