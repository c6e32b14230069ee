import { Fragment, type ReactNode } from 'react';

/**
 * Stands in for a value that comes from outside the messages (a person's name, a username, the
 * bot's handle, an e-mail address, a command) while its message is formatted: a private-use
 * character, which no message contains.
 */
export const VALUE = '\uE000';

/**
 * `text`, a message formatted with VALUE in place of one value, with the value put back inside a
 * `<bdi>`: a value of either direction keeps its own order and leaves the sentence around it in
 * place on a right-to-left page, whichever locale the message is in (`dir="ltr"` for values that
 * are always left-to-right, such as "@handle" or "/pay"). A `<bdi>` adds no characters, so the
 * text content is the message as formatted with the value itself. The value may be nodes (a
 * description built from parts, each keeping its own `<bdi>`): without `dir`, its direction is its
 * first strong letter outside those inner `<bdi>`s, so an Urdu description whose plan name is Latin
 * still reads right to left.
 */
export function isolated(text: string, value: ReactNode, dir?: 'ltr'): ReactNode {
  const [first, ...rest] = text.split(VALUE);
  if (rest.length === 0) return first;
  return (
    <>
      {first}
      {rest.map((part, index) => (
        <Fragment key={index}>
          <bdi dir={dir}>{value}</bdi>
          {part}
        </Fragment>
      ))}
    </>
  );
}

/**
 * `parts` in order with the locale's separator between them (`PayPage.history.separator`: " · ",
 * Japanese "・"). Nodes, not a joined string, so a part can keep its own `<bdi>`: a plan's or a
 * gateway's Latin name in a right-to-left sentence.
 */
export function joined(parts: readonly ReactNode[], separator: string): ReactNode {
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && separator}
      {part}
    </Fragment>
  ));
}
