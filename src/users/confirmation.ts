/**
 * How the scripted user recognises that the agent asks it to confirm an action ("Shall I turn cellular
 * on?", "Do you want me to send it?", "Should I go ahead?"): the agent's text ends its last sentence with
 * a question mark, and that question asks permission — "shall/should/can/may I", "do you want me to",
 * "would you like me to", "is it ok(ay) to", "(please) confirm", "go ahead", "proceed".
 */
const PERMISSION =
  /\b(?:shall i|should i|can i|may i|do you want me to|would you like me to|want me to|is it ok(?:ay)? (?:if|to)|ok(?:ay)? to|confirm|go ahead|proceed)\b/;

export function isConfirmationRequest(text: string): boolean {
  // The last sentence ends where the text does: no question mark there, no question (and no split).
  if (!text.trimEnd().endsWith('?')) return false;
  const sentences = text
    .trim()
    .toLowerCase()
    .split(/(?<=[.!?])\s+/);
  const last = sentences.at(-1) ?? '';
  return last.endsWith('?') && PERMISSION.test(last);
}

/** Whether a scripted line is itself a yes or no (so it answers a confirmation request). */
export function isYesNoReply(line: string): boolean {
  return /^\s*(?:yes|yeah|yep|sure|ok(?:ay)?|please do|go ahead|do it|no|nope|don't|do not)\b/i.test(line);
}

/** What the scripted user says to confirm when its next line is not a yes or no. */
export const CONFIRMATION_REPLY = 'Yes, please go ahead.';
