/**
 * How the scripted user tells a request for permission from a request for information.
 *
 * - A request for permission is a yes/no question about the agent acting: "Shall I send it?", "Should I
 *   go ahead and delete it?", "Do you want me to turn wifi on?", "Would you like me to set it for 5 PM?",
 *   "Is it OK to delete both?", "Can I go ahead?". "Yes, please go ahead." answers it.
 * - A request for information asks for something only the user can say: a wh-question ("Which reminder
 *   should I delete?", "What time should I set it for?", "Who should I send it to?", "And for which
 *   day?"), a question about which or what ("Could you tell me which one you mean?"), or a choice between
 *   alternatives ("Should I set it for 3 or 4 pm?", "Should I delete the electricity bill one or the
 *   dentist one?"). "Yes" does not answer it; the user's next line does.
 *
 * Every question sentence of the agent's text is read: when one asks for information the text asks for
 * information (the user gives what was asked, whatever else the agent wanted to know); else when the text
 * ends with a question and one asks permission, it asks permission. Quoted text ("Shall I text her
 * \"Dinner on Friday?\"") is what the agent would send, not what it asks, and is left out.
 */
export type QuestionKind = 'permission' | 'information' | 'none';

/** A yes/no question about the agent acting (the pattern is read only where no information is asked). */
const PERMISSION =
  /\b(?:shall (?:i|we)|should (?:i|we)|can i|could i|may i|might i|do you want me to|would you like me to|want me to|would it be ok(?:ay)?|is (?:it|that) (?:ok(?:ay)?|alright|all right|fine) (?:if|to|with you)|ok(?:ay)? (?:if i|to)|all right to|alright to|confirm|go ahead|proceed|how about i|what if i)\b/;

/** "Anything else?" offers more help; it does not ask permission for the task at hand. */
const OFFER_OF_MORE = /\b(?:anything|something) else\b/;

const WH = '(?:which|what|when|who|whom|whose|where|why|how)';

/**
 * A clause that begins with a wh-word: "which one?", "and for which day?", "at what time should it go off?";
 * not a proposal or a request for approval ("how about 5 PM?", "what if I move it?", "what do you think?").
 */
const WH_CLAUSE = new RegExp(
  String.raw`^${WH}\b(?! about\b| if\b| do you (?:think|say)\b| does (?:that|this) sound\b|'s that\b)`,
);

/** Words a clause may begin with before its wh-word: "and", "sure", "so", a preposition ("for which year?"). */
const LEADING =
  /^(?:and|but|so|then|also|now|just|well|oh|ok(?:ay)?|sure|great|right|alright|all right|got it|thanks|perfect|for|to|at|in|on|from|by|with|until|till|about|of|after|before|since|into)\b\s*/;

/** A wh-question inside another question: "Could you tell me which one?", "Do you remember who sent it?". */
const EMBEDDED_WH = new RegExp(
  String.raw`\b(?:tell me|let me know|(?<!let )you (?:\w+ ){0,2}(?:know|remember|recall|mean|prefer)|specify|clarify|confirm|sure)\s+(?:exactly\s+|again\s+)?${WH}\b(?! about\b| if\b)`,
);

/** A wh-word after a preposition anywhere: "Shall I set it for what time?", "Should I convert it to which unit?". */
const PREPOSITIONAL_WH =
  /\b(?:for|at|to|on|in|by|from|with|until|into)\s+(?:what|which|whom|whose|how (?:much|many|long|far))\b(?!\s+(?:i|you|we|they|he|she|it)\b)/;

/** A wh-word the question ends on: "Send it to who?", "Set it for when?". */
const TRAILING_WH = /\b(?:what|when|where|who|whom|which(?: one)?)\s*\?$/;

/**
 * What may follow "or" in a yes/no question without making it a choice: "or not", "or would you rather
 * do it yourself?", "or should I wait?", "in an hour or so".
 */
const NOT_A_CHOICE =
  /^(?:not|no|so|wait|hold off|leave it|would you (?:rather|prefer)|(?:do|would) you (?:want|like|prefer) to (?:wait|hold off|do it|check|change|edit|review)|(?:should|shall) (?:i|we) (?:wait|hold off|leave it|not))\b/;

export function questionKind(text: string): QuestionKind {
  const plain = withoutQuotes(text).replace(/[‘’]/g, "'").trim().toLowerCase();
  const questions = plain.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.endsWith('?'));
  if (questions.some(asksForInformation)) return 'information';
  // Permission is asked only when the text ends with the question ("Shall I turn it on? I already did." does not).
  if (plain.endsWith('?') && questions.some((question) => PERMISSION.test(question) && !OFFER_OF_MORE.test(question))) {
    return 'permission';
  }
  return 'none';
}

/**
 * The text with each quotation replaced by the word "quoted", ending a sentence where the quotation did
 * (`says: "Book the room." When should I remind you?` keeps its two sentences).
 */
function withoutQuotes(text: string): string {
  return text.replace(/"([^"]*)"|“([^”]*)”/g, (quotation, straight, curly, offset: number) => {
    const ends = /[.!?]$/.test(String(straight ?? curly ?? '').trim());
    return ends && /^\s+[A-Z]/.test(text.slice(offset + quotation.length)) ? 'quoted.' : 'quoted';
  });
}

function asksForInformation(question: string): boolean {
  if (EMBEDDED_WH.test(question) || PREPOSITIONAL_WH.test(question) || TRAILING_WH.test(question)) return true;
  if (offersAChoice(question)) return true;
  return question
    .split(/[,;:()]|\s[—–-]\s|\s(?:and|but|then)\s/)
    .some((clause) => WH_CLAUSE.test(withoutLeadingWords(clause.trim())));
}

function withoutLeadingWords(clause: string): string {
  let rest = clause;
  for (let before = ''; before !== rest; ) {
    before = rest;
    rest = rest.replace(LEADING, '');
  }
  return rest;
}

/** "Should I set it for 3 or 4 pm?", "Or did you mean Daniel Okoro?": "yes" answers neither. */
function offersAChoice(question: string): boolean {
  return [...question.matchAll(/\bor\b\s*/g)].some(
    (match) => !NOT_A_CHOICE.test(question.slice((match.index ?? 0) + match[0].length)),
  );
}

/** Whether the agent's text asks the user's permission to act (see `questionKind`). */
export function isConfirmationRequest(text: string): boolean {
  return questionKind(text) === 'permission';
}

/** Whether the agent's text asks the user for information (see `questionKind`). */
export function isInformationRequest(text: string): boolean {
  return questionKind(text) === 'information';
}

/** Whether a scripted line is itself a yes or no (so it answers a confirmation request). */
export function isYesNoReply(line: string): boolean {
  return /^\s*(?:yes|yeah|yep|sure|ok(?:ay)?|please do|go ahead|do it|no|nope|don't|do not)\b/i.test(line);
}

/** What the scripted user says to confirm when its next line is not a yes or no. */
export const CONFIRMATION_REPLY = 'Yes, please go ahead.';
