import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import type { CompiledMessage, CompiledPart } from './CheckoutMessages.js';

// Element types the components' formatter renders (formatMessage.ts): literal, argument,
// number, select, plural and `#`. Dates, times and tags are refused here, where a message
// is compiled, rather than met in a visitor's browser.
const TYPE = { literal: 0, argument: 1, number: 2, select: 5, plural: 6, pound: 7 } as const;
const RENDERED = new Set<number>(Object.values(TYPE));
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

/** The names of a compiled message's placeholders, plural and select ones included. */
export function placeholdersOf(message: CompiledMessage): Set<string> {
  const names = new Set<string>();
  const walk = (parts: CompiledMessage) => {
    for (const part of parts) {
      if (typeof part !== 'object') continue;
      names.add(part[0]);
      const options = part[1] === 'number' ? undefined : part[2];
      if (typeof options === 'object') for (const option of Object.values(options)) walk(option);
    }
  };
  walk(message);
  return names;
}

/** The compact parts (`CompiledMessage`) of a checked syntax tree; adjacent text joined. */
function partsOf(elements: readonly MessageFormatElement[]): CompiledPart[] {
  const parts: CompiledPart[] = [];
  const optionsOf = (options: Record<string, { value: MessageFormatElement[] }>) =>
    Object.fromEntries(
      Object.entries(options).map(([key, option]) => [key, partsOf(option.value)]),
    );
  for (const element of elements) {
    let part: CompiledPart;
    switch (element.type) {
      case TYPE.literal: {
        const last = parts.at(-1);
        if (typeof last === 'string') {
          parts[parts.length - 1] = last + element.value;
          continue;
        }
        part = element.value;
        break;
      }
      case TYPE.pound:
        part = 0;
        break;
      case TYPE.argument:
        part = [element.value];
        break;
      case TYPE.number: {
        const style = element.style;
        part =
          style == null
            ? [element.value, 'number']
            : [
                element.value,
                'number',
                typeof style === 'string'
                  ? style
                  : (style.parsedOptions as Intl.NumberFormatOptions),
              ];
        break;
      }
      case TYPE.select:
        part = [element.value, 'select', optionsOf(element.options)];
        break;
      case TYPE.plural: {
        const kind = element.pluralType === 'ordinal' ? 'selectordinal' : 'plural';
        const options = optionsOf(element.options);
        part = element.offset
          ? [element.value, kind, options, element.offset]
          : [element.value, kind, options];
        break;
      }
      default:
        throw new SyntaxError(`unsupported placeholder (type ${element.type})`);
    }
    parts.push(part);
  }
  return parts;
}

/**
 * Parses one ICU MessageFormat message (with `@formatjs/icu-messageformat-parser`) into
 * its compact parts (`CompiledMessage`). Plain text comes back as a string unless `tree`
 * asks for the parts; a message that does not parse, or uses a date, time or tag, throws
 * a `SyntaxError`.
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
  return partsOf(elements);
}
