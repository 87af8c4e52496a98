/** Runs of 12-19 digits, with the spaces or dashes people type: anything like a card number. */
const CARD_LIKE = /\d(?:[ -]?\d){11,18}/g;

/** Anything like an email address: an SMTP server's refusal often names the recipient. */
const EMAIL_LIKE = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[A-Za-z]{2,}/g;

/**
 * Control characters, written out as `\xNN`: the description stays one line, and it can be
 * stored (PostgreSQL's text refuses NUL, which an SMTP server that is not one answered with:
 * `Invalid greeting. response=d\x00\x00\x00`, and the delivery's attempt was never recorded).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u001f\u007f]/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A one-line description of an error that is safe to log and to store: its name and message
 * (and its cause's), with anything like a card number, an email address and the given
 * secrets (the CVC) blanked out, and control characters (line breaks, NUL) written out as
 * `\xNN`.
 * A careless SDK may echo its input in an error message; the log must not keep it.
 */
export function describeError(error: unknown, secrets: readonly string[] = []): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current !== undefined && current !== null; depth++) {
    parts.push(current instanceof Error ? `${current.name}: ${current.message}` : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  let text = parts.join(' <- caused by ');
  for (const secret of secrets) {
    const trimmed = secret.trim();
    if (trimmed.length < 3) continue;
    const digitsOnly = trimmed.replace(/[\s-]/g, '');
    for (const value of new Set([trimmed, digitsOnly])) {
      text = text.replace(new RegExp(`(?<!\\d)${escapeRegExp(value)}(?!\\d)`, 'g'), '[redacted]');
    }
  }
  return text
    .replace(CARD_LIKE, '[redacted]')
    .replace(EMAIL_LIKE, '[email]')
    .replace(CONTROL, (char) => {
      return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
    });
}
