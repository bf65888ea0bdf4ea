import type { Message, NewMessage, Role } from '../spec/index.js';

/**
 * The append-only message log of one episode. A message is visible to its sender and recipient unless
 * it says otherwise, and each role reads only its own view.
 */
export class MessageBus {
  private readonly messages: Message[] = [];
  /** Each role's view, kept as messages are appended (a view is read on every turn). */
  private readonly views = new Map<Role, Message[]>();

  append(message: NewMessage): Message {
    const visibleTo = message.visibleTo ?? [message.sender, message.recipient];
    const appended = Object.freeze({
      ...message,
      index: this.messages.length,
      visibleTo: Object.freeze([...new Set(visibleTo)]),
    }) as Message;
    this.messages.push(appended);
    for (const role of appended.visibleTo) this.views.get(role)?.push(appended);
    return appended;
  }

  /** Every message, for the record. */
  all(): readonly Message[] {
    return this.messages;
  }

  /** The messages a role can see, in order. */
  view(role: Role): Message[] {
    let view = this.views.get(role);
    if (view === undefined) {
      view = this.messages.filter((message) => message.visibleTo.includes(role));
      this.views.set(role, view);
    }
    return view.slice();
  }

  last(): Message | undefined {
    return this.messages.at(-1);
  }

  get length(): number {
    return this.messages.length;
  }
}
