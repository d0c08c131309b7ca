/**
 * Makes text safe for one log line: control characters (C0, DEL, C1) and the Unicode line and
 * paragraph separators become `\xNN` / `\uNNNN` escapes, and a backslash is doubled so an escape
 * in the input cannot pass for one made here. Request data (paths, channel ids, error messages
 * quoting a client's input) then cannot start a new line or forge one.
 */
export function escapeForLog(text: string): string {
  return text.replace(/[\\\p{Cc}\u2028\u2029]/gu, (c) => {
    if (c === '\\') return '\\\\';
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
