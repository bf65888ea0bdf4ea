/**
 * Test fixture for the phone domains: worlds built from the presets, under the schema of the four phone
 * domains, at the default "now" of `runTool`. Used by tests only; not exported from the folder's index.
 */
import type { ToolError, ToolOutcome } from '../../spec/index.js';
import type { Tool } from '../../tools/index.js';
import { defineWorldSchema, EpisodeClock, WorldSnapshot } from '../../world/index.js';
import { contactsDomain } from '../contacts/index.js';
import { messagingDomain } from '../messaging/index.js';
import { remindersDomain } from '../reminders/index.js';
import { settingsDomain } from '../settings/index.js';
import { buildSandboxWorld } from './build-sandbox-world.js';

/** 2026-01-01T00:00:00Z, the default "now" of `runTool`. */
export const TEST_NOW = 1_767_225_600;

export const PHONE_DOMAINS = [settingsDomain, contactsDomain, messagingDomain, remindersDomain];

export const phoneWorldSchema = defineWorldSchema(PHONE_DOMAINS.flatMap((domain) => domain.tables));

export function sandboxWorld(preset = 'base', now = TEST_NOW): WorldSnapshot {
  return WorldSnapshot.create(phoneWorldSchema, buildSandboxWorld(preset, { now }));
}

/** A clock at `now` in San Francisco's zone. */
export function testClock(now = TEST_NOW): EpisodeClock {
  return new EpisodeClock(now, 'America/Los_Angeles');
}

/** The phone tool with this name, or an error naming it. */
export function phoneTool(name: string): Tool {
  const tool = PHONE_DOMAINS.flatMap((domain) => domain.tools).find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no phone tool named ${name}`);
  return tool;
}

/** The tool error of a failed call (and a test failure if the call succeeded). */
export function toolErrorOf(outcome: ToolOutcome): ToolError {
  if (outcome.type !== 'error') throw new Error(`expected a tool error, got ${JSON.stringify(outcome)}`);
  return outcome.error;
}

/** The value of a successful call (and a test failure if the call failed). */
export function resultOf(outcome: ToolOutcome): unknown {
  if (outcome.type !== 'result') throw new Error(`expected a result, got ${JSON.stringify(outcome.error)}`);
  return outcome.value;
}
