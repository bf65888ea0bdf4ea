/**
 * Proves a ToolTalk case both ways: the oracle (the ground truth, played live) scores precision =
 * recall = 1 and success; a wrong answer — the same play with the conversation's last ground-truth call
 * left out — scores less.
 */
import type { Agent, BenchmarkServices, CaseProof, ProofCheck } from '../../spec/index.js';
import { groundTruthPlan, oracleAgent, plannedAgent, withoutLastCall } from './oracle-agent.js';
import { scoreReplay } from './score-replay.js';
import { offeredTools } from './tool-offer.js';
import type { ToolTalkCase } from './tooltalk-case.js';
import type { ToolTalkSettings } from './tooltalk-options.js';
import { replayConversation } from './turn-replay.js';

export async function proveConversation(
  benchmarkCase: ToolTalkCase,
  settings: ToolTalkSettings,
  services: BenchmarkServices,
): Promise<CaseProof> {
  const play = async (agent: Agent) => {
    const replay = await replayConversation(
      benchmarkCase.id,
      benchmarkCase.conversation,
      benchmarkCase.databases,
      agent,
      {
        mode: settings.mode,
        tools: offeredTools(benchmarkCase.conversation, settings.toolSet, settings.documentation),
        maxCallsPerTurn: settings.maxCallsPerTurn,
      },
    );
    if (replay.infrastructureFailure) throw new Error(replay.infrastructureFailure);
    return (await scoreReplay(benchmarkCase.conversation, replay.turns, settings.mode, () => services.embedder()))
      .evaluation.metrics;
  };
  const gold = await play(oracleAgent(benchmarkCase.conversation));
  const checks: ProofCheck[] = [
    {
      name: 'gold scores perfectly',
      ok: gold.precision === 1 && gold.recall === 1 && gold.success,
      detail: `precision ${gold.precision.toFixed(3)}, recall ${gold.recall.toFixed(3)}, success ${gold.success}`,
    },
  ];
  const hasCalls = benchmarkCase.conversation.conversation.some((turn) => (turn.apis?.length ?? 0) > 0);
  if (hasCalls) {
    const wrong = await play(
      plannedAgent('oracle-without-last-call', withoutLastCall(groundTruthPlan(benchmarkCase.conversation))),
    );
    checks.push({
      name: 'leaving out the last call scores less',
      ok: wrong.recall < gold.recall && !wrong.success,
      detail: `recall ${wrong.recall.toFixed(3)} < ${gold.recall.toFixed(3)}, success ${wrong.success}`,
    });
  }
  return { caseId: benchmarkCase.id, checks };
}
