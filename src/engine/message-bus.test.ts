import { describe, expect, it } from 'vitest';
import { MessageBus } from './message-bus.js';

describe('the message bus', () => {
  it('gives each role its own view, up to date on every read, and never changes a view already handed out', () => {
    const bus = new MessageBus();
    bus.append({ type: 'text', sender: 'system', recipient: 'agent', text: 'Rules.' });
    const before = bus.view('agent');
    bus.append({ type: 'text', sender: 'user', recipient: 'agent', text: 'Hi.' });
    bus.append({
      type: 'tool-call',
      sender: 'agent',
      recipient: 'executor',
      batch: 0,
      call: { id: 'c', name: 'look', arguments: {} },
    });
    bus.append({ type: 'text', sender: 'system', recipient: 'user', text: 'For the user only.', visibleTo: ['user'] });
    expect(before.map((message) => message.index)).toEqual([0]);
    expect(bus.view('agent').map((message) => message.index)).toEqual([0, 1, 2]);
    expect(bus.view('user').map((message) => message.index)).toEqual([1, 3]);
    expect(bus.view('executor').map((message) => message.index)).toEqual([2]);
    // A view first read late holds everything before it, then follows appends like the others.
    expect(bus.view('system').map((message) => message.index)).toEqual([0]);
    bus.append({ type: 'text', sender: 'agent', recipient: 'user', text: 'Done.' });
    expect(bus.view('user').map((message) => message.index)).toEqual([1, 3, 4]);
    expect(bus.view('agent').map((message) => message.index)).toEqual([0, 1, 2, 4]);
    expect(bus.view('system').map((message) => message.index)).toEqual([0]);
  });
});
