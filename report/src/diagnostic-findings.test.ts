import { describe, expect, it } from 'vitest';
import type { DiagnosticFinding } from '../../src/report/report-data';
import { buildSampleReportData } from '../sample-data';
import { buildBusModel } from './bus-model';
import {
  DIAGNOSTIC_INFO,
  findingBadge,
  findingBadgesByMessage,
  firstFindingByPattern,
  patternLabel,
} from './diagnostic-findings';

const finding = (pattern: DiagnosticFinding['pattern'], messageIndex: number, callId = `call-${messageIndex}`) => ({
  pattern,
  messageIndex,
  callId,
  toolName: 'search_contacts',
});

describe('findingBadge', () => {
  it('names the pattern and what it means, and explains it in the tooltip', () => {
    const badge = findingBadge({ pattern: 'IFN', messageIndex: 4, callId: 'call-1', toolName: 'send_sms' });
    expect(badge).toMatchObject({ pattern: 'IFN', text: 'IFN — unknown tool', callId: 'call-1', toolName: 'send_sms' });
    expect(badge.title).toContain('Invalid function name');
    expect(badge.title).toContain('call-1');
    expect(badge.title).toContain('send_sms');
    expect(findingBadge(finding('RAC', 7)).text).toBe('RAC — repeated call');
  });

  it('labels every pattern the engine counts', () => {
    expect(['IFN', 'IAN', 'IAT', 'IFE', 'RAC'].map((pattern) => `${pattern} — ${patternLabel(pattern)}`)).toEqual([
      'IFN — unknown tool',
      'IAN — unknown argument',
      'IAT — wrong argument type',
      'IFE — unparsable arguments',
      'RAC — repeated call',
    ]);
    for (const info of Object.values(DIAGNOSTIC_INFO)) expect(info.explanation.length).toBeGreaterThan(20);
  });

  it('still shows a pattern it does not know (from a newer report)', () => {
    const unknown = { ...finding('IFN', 1), pattern: 'XYZ' } as unknown as DiagnosticFinding;
    expect(findingBadge(unknown).text).toBe('XYZ — diagnostic finding');
  });
});

describe('findingBadgesByMessage', () => {
  it('groups findings by message, in pattern order, each pattern once per call', () => {
    const byMessage = findingBadgesByMessage([
      finding('RAC', 9),
      finding('IAT', 9),
      finding('IFN', 3),
      finding('IAT', 9),
      finding('IFE', 5),
    ]);
    expect([...byMessage.keys()].sort((a, b) => a - b)).toEqual([3, 5, 9]);
    expect(byMessage.get(9)?.map((badge) => badge.text)).toEqual(['IAT — wrong argument type', 'RAC — repeated call']);
    expect(byMessage.get(3)?.map((badge) => badge.pattern)).toEqual(['IFN']);
  });

  it('is empty without findings (older reports) and skips findings on no message', () => {
    expect(findingBadgesByMessage(undefined).size).toBe(0);
    expect(findingBadgesByMessage([finding('IFN', -1)]).size).toBe(0);
  });
});

describe('firstFindingByPattern', () => {
  it('gives the first offending message of each pattern', () => {
    const first = firstFindingByPattern([finding('RAC', 12), finding('IAT', 9), finding('RAC', 7), finding('IAT', 11)]);
    expect(Object.fromEntries(first)).toEqual({ RAC: 7, IAT: 9 });
    expect(firstFindingByPattern(undefined).size).toBe(0);
  });
});

describe('findings in the sample report', () => {
  const data = buildSampleReportData({ hostile: true });

  it('has counts that agree with the findings', () => {
    for (const episode of data.episodes) {
      const detail = episode.detail;
      if (!detail) continue;
      const counted = Object.values(detail.diagnostics).reduce((total, count) => total + count, 0);
      expect(detail.diagnosticFindings).toHaveLength(counted);
    }
  });

  it('puts the badges on the offending tool-call messages', () => {
    const hostile = data.episodes.find((episode) => episode.caseId.startsWith('xss/') && episode.detail);
    const detail = hostile?.detail;
    if (!detail) throw new Error('the hostile sample has an episode with a trajectory');
    const model = buildBusModel(detail);
    const marked = [...model.findingsByIndex.entries()].map(([index, badges]) => ({
      index,
      type: detail.messages[index]?.type,
      patterns: badges.map((badge) => badge.pattern),
    }));
    expect(marked).toEqual([
      { index: 3, type: 'tool-call', patterns: ['IFN'] },
      { index: 5, type: 'tool-call', patterns: ['IFE'] },
    ]);
  });
});
