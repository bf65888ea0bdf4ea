/**
 * Text from a model (or a provider's error) made safe to print on a terminal: escape sequences and
 * other control characters can recolour, retitle, clear or rewrite what the user sees, so each is shown
 * as a visible escape (`\x1b`) instead of being sent. Line breaks and tabs are kept unless `singleLine`.
 */
export function terminalSafe(text: string, options: { readonly singleLine?: boolean } = {}): string {
  // C0 controls (but \t and \n), DEL, C1 controls, and the Unicode bidirectional overrides and isolates
  // that reorder what is shown.
  const unsafe = options.singleLine ? ALL_CONTROLS : CONTROLS_BUT_LINE_BREAKS;
  return text.replace(unsafe, (character) => {
    const code = character.codePointAt(0) ?? 0;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const ALL_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
