import type { EpisodeInput, EpisodeResult, Message, Turn } from '../../spec/index.js';
import { InfrastructureError } from '../../spec/index.js';
import type { ExampleCase } from './cases.js';
import type { ExampleRecord } from './record.js';
import { scoreExampleReply } from './score.js';

export const EXAMPLE_PROMPT = 'Answer the question with exactly one call of one of the tools.';

/** The messages the agent sees: the instruction and the question (no world, no user, one step). */
export function exampleMessages(exampleCase: ExampleCase): Message[] {
  return [
    {
      index: 0,
      type: 'text',
      sender: 'system',
      recipient: 'agent',
      visibleTo: ['agent'],
      seeded: true,
      text: EXAMPLE_PROMPT,
    },
    {
      index: 1,
      type: 'text',
      sender: 'user',
      recipient: 'agent',
      visibleTo: ['agent', 'user'],
      seeded: true,
      text: exampleCase.question,
    },
  ];
}

/** One step: the agent answers once; its reply is scored against the gold call. */
export async function playExample(input: EpisodeInput<ExampleCase>): Promise<EpisodeResult<ExampleRecord>> {
  let reply: Turn;
  try {
    reply = await input.agent.respond({
      messages: exampleMessages(input.case),
      tools: input.case.tools,
      signal: input.signal,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const record: ExampleRecord = {
      formatVersion: 1,
      caseId: input.case.id,
      agent: input.agent.name,
      reply: null,
      error: message,
    };
    if (error instanceof InfrastructureError) {
      return { status: 'failed', error: message, metrics: {}, labels: input.case.labels, record };
    }
    return { status: 'scored', metrics: scoreExampleReply(input.case, null), labels: input.case.labels, record };
  }
  return {
    status: 'scored',
    metrics: scoreExampleReply(input.case, reply),
    labels: input.case.labels,
    record: { formatVersion: 1, caseId: input.case.id, agent: input.agent.name, reply },
  };
}
