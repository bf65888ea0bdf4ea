/**
 * Your own agent, run from the command line:
 *
 *   npx toolgauge run --agent module:./examples/sandbox-agent.mjs --case 'phone-*' --augmentation distraction-0
 *
 * The module's default export makes a fresh agent for each episode. This one is deliberately simple:
 * it looks up the first capitalised name the user mentions and reports what it found — enough to show
 * the interface (`name`, `respond(request)` returning text or tool calls) and to score above zero on a
 * few contact scenarios. Replace `respond` with calls to your own system.
 */
export default function createAgent() {
  let step = 0;
  return {
    name: 'example-lookup-agent@1',
    async respond({ messages, tools }) {
      step += 1;
      const opening = messages.find((message) => message.sender === 'user' && message.type === 'text');
      const name = opening?.text.match(/\b([A-Z][a-z]+(?: [A-Z][a-z]+)?)\b/)?.[1];
      const search = tools.find((tool) => tool.name === 'search_contacts');
      if (step === 1 && search && name) {
        return { type: 'tool-calls', calls: [{ id: `lookup-${step}`, name: 'search_contacts', arguments: { name } }] };
      }
      const last = messages.at(-1);
      if (last?.type === 'tool-result' && last.outcome.type === 'result') {
        return { type: 'text', text: `Here is what I found: ${JSON.stringify(last.outcome.value)}` };
      }
      return { type: 'text', text: "Sorry, I can't do that yet." };
    },
  };
}
