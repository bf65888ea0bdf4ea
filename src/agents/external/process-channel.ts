import { type ChildProcess, spawn } from 'node:child_process';
import {
  agentEnvironment,
  type ConversationChannel,
  type ConversationSession,
  ExternalAgentFailure,
  type OpenChannel,
  type UserTurn,
} from './conversation-channel.js';

/** The longest line the agent may write on stdout (a reply); more is a failure, not memory held. */
const MAX_LINE_BYTES = 4 * 1024 * 1024;
/** How much of the agent's stderr is kept to explain a failure. */
const STDERR_TAIL_BYTES = 2000;
/** How long an agent told `{"type":"end"}` may take to exit before its process group is killed. */
const EXIT_GRACE_MS = 500;

/**
 * `--agent command:"python3 my_agent.py"`: one process per conversation, started through `/bin/sh -c` in
 * its own process group (so ending it ends its children too), with the environment naming the MCP URL.
 * toolgauge writes one JSON object per line on its stdin (`{"type":"user",…}`, finally `{"type":"end"}`)
 * and reads one per line from its stdout (`{"type":"reply","content":"…"}`); stderr is the agent's own
 * (its last lines explain a failure). A line that is not such an object, or an exit mid-conversation,
 * fails the episode.
 */
export function processChannel(command: string, cwd = process.cwd()): OpenChannel {
  return async (session) => new ProcessChannel(command, cwd, session);
}

type Waiter = { resolve(text: string): void; reject(error: Error): void };

class ProcessChannel implements ConversationChannel {
  private readonly child: ChildProcess;
  private waiter: Waiter | undefined;
  private failure: ExternalAgentFailure | undefined;
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  private stderrTail = '';
  private lineNumber = 0;
  private exited = false;
  private readonly exit: Promise<void>;

  constructor(
    private readonly command: string,
    cwd: string,
    session: ConversationSession,
  ) {
    this.child = spawn('/bin/sh', ['-c', command], {
      cwd,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...agentEnvironment(session) },
    });
    this.exit = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exited = true;
        this.fail(
          `the agent process exited${signal ? ` on ${signal}` : ` with code ${code}`} before the conversation ended${this.stderrNote()}`,
        );
        resolve();
      });
    });
    this.child.once('error', (error) => this.fail(`cannot start \`${this.command}\`: ${error.message}`));
    this.child.stdin?.on('error', () => {});
    this.child.stdout?.on('data', (chunk: Buffer) => this.read(chunk));
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
    });
  }

  ask(turn: UserTurn, signal: AbortSignal): Promise<string> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(new ExternalAgentFailure('the turn was cancelled'));
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiter = {
        resolve: (text) => {
          signal.removeEventListener('abort', onAbort);
          resolve(text);
        },
        reject: (error) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      this.child.stdin?.write(`${JSON.stringify(turn)}\n`);
    });
  }

  async close(): Promise<void> {
    this.failure ??= new ExternalAgentFailure('the conversation is over');
    // A command that could not be started has no process to wait for.
    if (!this.exited && this.child.pid !== undefined) {
      this.child.stdin?.end(`${JSON.stringify({ type: 'end' })}\n`);
      const timer = setTimeout(() => this.killGroup(), EXIT_GRACE_MS);
      await this.exit;
      clearTimeout(timer);
    }
    // Whatever the agent left running in its group ends with it.
    this.killGroup();
  }

  private killGroup(): void {
    if (this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }

  private read(chunk: Buffer): void {
    let start = 0;
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, start)) {
      this.buffered.push(chunk.subarray(start, at));
      const line = Buffer.concat(this.buffered).toString('utf8');
      this.buffered = [];
      this.bufferedBytes = 0;
      start = at + 1;
      this.line(line);
    }
    if (start < chunk.length) {
      this.buffered.push(chunk.subarray(start));
      this.bufferedBytes += chunk.length - start;
      if (this.bufferedBytes > MAX_LINE_BYTES) {
        this.buffered = [];
        this.fail(`the agent wrote a line of more than ${MAX_LINE_BYTES} bytes on stdout`);
        this.killGroup();
      }
    }
  }

  private line(text: string): void {
    this.lineNumber += 1;
    if (text.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.malformed(text, 'is not JSON');
      return;
    }
    const record = message && typeof message === 'object' ? (message as Record<string, unknown>) : undefined;
    if (record?.type !== 'reply' || typeof record.content !== 'string') {
      this.malformed(text, 'is not {"type":"reply","content":"<text>"}');
      return;
    }
    const waiter = this.waiter;
    if (!waiter) {
      this.malformed(text, 'is a reply when no user turn was waiting for one');
      return;
    }
    this.waiter = undefined;
    waiter.resolve(record.content);
  }

  private malformed(text: string, problem: string): void {
    const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
    this.fail(`line ${this.lineNumber} of the agent's stdout ${problem}: ${JSON.stringify(shown)}`);
    this.killGroup();
  }

  private fail(message: string): void {
    if (this.failure) return;
    this.failure = new ExternalAgentFailure(message);
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.reject(this.failure);
  }

  private stderrNote(): string {
    const tail = this.stderrTail.trim().split('\n').slice(-5).join(' | ');
    return tail ? `; its stderr ends: ${tail}` : '';
  }
}
