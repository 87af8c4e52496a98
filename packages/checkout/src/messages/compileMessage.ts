import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import type { CompiledMessage } from './CheckoutMessages.js';

// Element types the components' formatter renders (formatMessage.ts): literal, argument,
// number, select, plural and `#`. Dates, times and tags are refused here, where a message
// is compiled, rather than met in a visitor's browser.
const RENDERED = new Set([0, 1, 2, 5, 6, 7]);
const NAMED_STYLES = new Set(['integer', 'percent']);

function check(elements: readonly MessageFormatElement[], source: string): void {
  for (const element of elements) {
    if (!RENDERED.has(element.type)) {
      throw new SyntaxError(`unsupported placeholder (type ${element.type}) in "${source}"`);
    }
    if (
      element.type === 2 &&
      typeof element.style === 'string' &&
      !NAMED_STYLES.has(element.style)
    ) {
      throw new SyntaxError(`unsupported number style "${element.style}" in "${source}"`);
    }
    if ('options' in element) {
      for (const option of Object.values(element.options)) check(option.value, source);
    }
  }
}

/** The names of a parsed message's placeholders, plural and select ones included. */
export function placeholdersOf(elements: readonly MessageFormatElement[]): Set<string> {
  const names = new Set<string>();
  const walk = (list: readonly MessageFormatElement[]) => {
    for (const element of list) {
      if (element.type !== 0 && element.type !== 7) names.add(element.value);
      if ('options' in element)
        for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(elements);
  return names;
}

/**
 * Parses one ICU MessageFormat message (with `@formatjs/icu-messageformat-parser`).
 * Plain text comes back as a string unless `tree` asks for the syntax tree; a message
 * that does not parse, or uses a date, time or tag, throws a `SyntaxError`.
 */
export function compileMessage(source: string, tree = false): CompiledMessage | string {
  let elements: MessageFormatElement[];
  try {
    elements = parse(source, { ignoreTag: true, requiresOtherClause: true });
  } catch (error) {
    throw new SyntaxError(`"${source}" is not ICU MessageFormat: ${(error as Error).message}`);
  }
  check(elements, source);
  if (!tree && elements.every((element) => element.type === 0)) {
    return elements.map((element) => element.value).join('');
  }
  return elements;
}
