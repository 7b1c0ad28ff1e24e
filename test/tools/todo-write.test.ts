// TodoWrite, called the way the agent loop calls it: the checklist that drives
// the progress shown in the tracking comment (which listens to the calls' end events).
import { afterEach, describe, expect, it } from 'vitest';
import type { Todo } from '../../src/core/outcome.js';
import { todoWriteTool } from '../../src/tools/todo-write.js';
import { removeToolWorkspaces, TOOL_USE_ID, toolWorkspace } from '../helpers/tool-calls.js';


afterEach(removeToolWorkspaces);

function workspace() {
  // What the tracking comment is given: each new list, as the call that made it ends.
  const shown: Array<readonly Todo[]> = [];
  const w = toolWorkspace([todoWriteTool], {}, { onCall: (event) => event.kind === 'end' && event.todos && shown.push(event.todos) });
  return { ctx: w.ctx, shown, todoWrite: (input: unknown) => w.call('TodoWrite', input) };
}

const plan: Todo[] = [
  { content: 'Find the typo', status: 'completed', activeForm: 'Finding the typo' },
  { content: 'Fix the greeting', status: 'in_progress', activeForm: 'Fixing the greeting' },
  { content: 'Run the tests', status: 'pending' },
];

describe('TodoWrite', () => {
  it('todo write stores the list on the run context and confirms', async () => {
    const { ctx, todoWrite } = workspace();
    expect(await todoWrite({ todos: plan })).toEqual({
      type: 'tool_result',
      tool_use_id: TOOL_USE_ID,
      content:
        'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable',
    });
    expect(ctx.checklist.todos).toEqual(plan);
  });

  it('todo write replaces the whole list each time', async () => {
    const { ctx, todoWrite } = workspace();
    await todoWrite({ todos: plan });
    await todoWrite({ todos: [{ content: 'Open the PR', status: 'pending' }] });
    expect(ctx.checklist.todos).toEqual([{ content: 'Open the PR', status: 'pending' }]);
  });

  it('todo write reports each new list when its call ends, for the tracking comment', async () => {
    const { shown, todoWrite } = workspace();
    await todoWrite({ todos: plan });
    await todoWrite({ todos: plan.map((todo) => ({ ...todo, status: 'completed' })) });
    expect(shown).toHaveLength(2);
    expect(shown[0]).toEqual(plan);
    expect(shown[1]!.every((todo) => todo.status === 'completed')).toBe(true);
  });

  it('todo write rejects an unknown status as an input error and keeps the old list', async () => {
    const { ctx, shown, todoWrite } = workspace();
    await todoWrite({ todos: plan });
    const result = await todoWrite({ todos: [{ content: 'Ship it', status: 'done' }] });
    expect(result.is_error).toBe(true);
    expect(result.content).toMatch(
      /^<tool_use_error>InputValidationError: TodoWrite failed due to the following issue:\nThe parameter `todos\.0\.status` is invalid: .*"pending".*"in_progress".*"completed"/,
    );
    expect(ctx.checklist.todos).toEqual(plan);
    expect(shown).toHaveLength(1);
  });

  it('todo write rejects an item without content', async () => {
    const { ctx, todoWrite } = workspace();
    const result = await todoWrite({ todos: [{ status: 'pending' }] });
    expect(result).toEqual({
      type: 'tool_result',
      tool_use_id: TOOL_USE_ID,
      content: '<tool_use_error>InputValidationError: TodoWrite failed due to the following issue:\nThe required parameter `todos.0.content` is missing</tool_use_error>',
      is_error: true,
    });
    expect(ctx.checklist.todos).toEqual([]);
  });
});
