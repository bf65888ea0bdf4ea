/**
 * Builders for the sample report's messages (development and browser checks only): the phone world the
 * sample episodes start from, and short helpers for texts, calls, results and tool errors.
 */
import type { MilestoneMatch, ReportEpisode, Role, Row, ToolError } from '../src/report/report-data';

export type Detail = NonNullable<ReportEpisode['detail']>;
export type Message = Detail['messages'][number];
export type Draft = Message extends infer M ? (M extends Message ? Omit<M, 'index'> : never) : never;

export const PHONE_WORLD_KEY = 'phone-3f2a9c01';

export const PHONE_WORLD: Readonly<Record<string, readonly Row[]>> = {
  settings: [{ device_id: 'phone', cellular: false, wifi: true, location_service: true, low_battery_mode: false }],
  contacts: [
    { person_id: 'c-self', name: 'Homer Simpson', phone_number: '+10000000000', relationship: 'self', is_self: true },
    {
      person_id: 'c-1',
      name: 'Fredrik Thordendal',
      phone_number: '+12453344098',
      relationship: 'friend',
      is_self: false,
    },
    { person_id: 'c-2', name: 'Tomas Haake', phone_number: '+11233344455', relationship: 'coworker', is_self: false },
    { person_id: 'c-3', name: 'Lisa Simpson', phone_number: '+13211234567', relationship: 'sister', is_self: false },
  ],
  messaging: [{ message_id: 'msg-0001', recipient: '+11233344455', content: 'Practice at 7?', sent_at: 1754041200 }],
  reminders: [{ reminder_id: 'r-1', content: 'Buy guitar strings', remind_at: 1754217600, location: null }],
};

/** The phone world's key columns, as the sandbox schema declares them. */
export const PHONE_WORLD_PRIMARY_KEYS: Readonly<Record<string, string>> = {
  settings: 'device_id',
  contacts: 'person_id',
  messaging: 'message_id',
  reminders: 'reminder_id',
};

export const SYSTEM_PROMPT =
  "You are a helpful assistant on the user's phone. Use the tools to act for the user. Ask when information is missing; never invent it.";

export function bus(drafts: readonly Draft[]): Message[] {
  return drafts.map((draft, index) => ({ ...draft, index }) as Message);
}

export const see = (...roles: Role[]): Role[] => roles;

export function text(sender: Role, recipient: Role, body: string, seeded = false): Draft {
  const visibleTo = sender === 'system' ? see(recipient) : see(sender, recipient);
  return { type: 'text', sender, recipient, visibleTo, text: body, ...(seeded ? { seeded } : {}) };
}

export function call(
  batch: number,
  id: string,
  name: string,
  args: Record<string, unknown> | string,
  sender: Role = 'agent',
): Draft {
  return {
    type: 'tool-call',
    sender,
    recipient: 'executor',
    visibleTo: see(sender, 'executor'),
    batch,
    call: { id, name, arguments: args },
  };
}

export function result(batch: number, id: string, name: string, value: unknown, recipient: Role = 'agent'): Draft {
  return {
    type: 'tool-result',
    sender: 'executor',
    recipient,
    visibleTo: see('executor', recipient),
    batch,
    callId: id,
    toolName: name,
    outcome: { type: 'result', value },
  };
}

export function failure(batch: number, id: string, name: string, kind: string, message: string, hint?: string): Draft {
  const error = { kind: kind as ToolError['kind'], message, ...(hint ? { hint } : {}) };
  return {
    type: 'tool-result',
    sender: 'executor',
    recipient: 'agent',
    visibleTo: see('executor', 'agent'),
    batch,
    callId: id,
    toolName: name,
    outcome: { type: 'error', error },
  };
}

export function opening(goal: string, request: string): Draft[] {
  return [
    text('system', 'agent', SYSTEM_PROMPT, true),
    text('system', 'user', `You are the user. Your goal: ${goal} Do not reveal information you were not given.`, true),
    text('user', 'agent', request, true),
  ];
}

export function ending(batch: number, reply: string): Draft[] {
  return [
    text('agent', 'user', reply),
    call(batch, `call-end-${batch}`, 'end_conversation', {}, 'user'),
    result(batch, `call-end-${batch}`, 'end_conversation', null, 'user'),
  ];
}

export const m = (milestone: string, messageIndex: number, similarity: number): MilestoneMatch => ({
  milestone,
  messageIndex,
  similarity,
});

export interface Base {
  readonly clock: Detail['clock'];
  readonly user: string;
}

/** Clock and user simulator shared by the sample episodes. */
export const BASE: Base = { clock: { now: 1754300000, timeZone: 'America/Los_Angeles' }, user: 'llm-user:gpt-4o' };
