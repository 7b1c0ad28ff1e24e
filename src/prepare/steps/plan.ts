// The mode's plan for this run: the tools it offers, what the agent is told
// first (no patch of a file Read may not open), where its changes go and
// whether its comments are posted as a review; Skill, when the repository
// has skills the run may use; and the memories it was given, at the end of
// the first message.
import { memoryRequestSection, memorySection } from '../../knowledge/memory/recall.js';
import { planMode } from '../../modes/index.js';
import { readDeniedGlobs } from '../../policy/run-policy.js';
import { createForgetTool } from '../../tools/forget.js';
import { createRememberTool } from '../../tools/remember.js';
import { createSkillTool } from '../../tools/skill.js';
import { createStructuredOutputTool } from '../../tools/structured-output.js';
import { step } from '../runner.js';
import type { Values } from '../values.js';

export const plan = step<Values>()({
  makes: 'plan',
  needs: ['request', 'started', 'context', 'config', 'branchName', 'skills', 'memories', 'recalled', 'memoryDesk', 'outputSchema', 'structured'],
  run({ request, started, context, config, branchName, skills, memories, recalled, memoryDesk, outputSchema, structured }) {
    const { inputs } = request;
    const readDenied = readDeniedGlobs({ allowedTools: inputs.allowed_tools, disallowedTools: inputs.disallowed_tools, config: config.config });
    const plan = planMode(started.trigger, context, { prompt: inputs.prompt, branchName, review: config.config.review, readDenied, ...(inputs.fleet_id ? { fleet: inputs.fleet_id } : {}) });
    const sections = [
      ...(memories ? [memorySection(recalled.memories, memories.branch, request.startedAt)] : []),
      ...(memoryDesk === 'off' ? [memoryRequestSection('off')] : memoryDesk?.asked ? [memoryRequestSection(memoryDesk.desk)] : []),
    ].filter(Boolean);
    const asked = memoryDesk !== 'off' && memoryDesk?.asked ? [createRememberTool(memoryDesk.desk), createForgetTool(memoryDesk.desk)] : [];
    // A run with an output_schema gives its result as data too, in every mode.
    const result = outputSchema && structured ? [createStructuredOutputTool(outputSchema, structured)] : [];
    const resultSection = outputSchema ? [`This run's result is also wanted as data: call StructuredOutput with it (its input schema is the workflow's output_schema, ${outputSchema.name}) before your final answer. The run fails without it.`] : [];
    const tools = [...plan.tools, ...(skills.length > 0 ? [createSkillTool(skills, new Set(context.pull?.files.map((file) => file.path)))] : []), ...asked, ...result];
    return { ...plan, firstMessage: [plan.firstMessage, ...sections, ...resultSection].join('\n\n'), tools };
  },
});
