import type { ReactNode } from 'react';
import styles from './ops.module.css';

/**
 * The console's one table: a caption, column headings and rows, inside a region that scrolls
 * sideways on a phone (focusable, so a keyboard can scroll it too); `empty` when there are no rows.
 */
export function DataTable(props: { caption: string; head: string[]; rows: ReactNode[][]; empty: string }) {
  if (props.rows.length === 0) {
    return (
      <>
        <h3>{props.caption}</h3>
        <p>{props.empty}</p>
      </>
    );
  }
  return (
    // Focusable: a keyboard must be able to scroll a region that scrolls.
    <div className={styles.scroll} tabIndex={0} role="region" aria-label={props.caption}>
      <table className={styles.table}>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            {props.head.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((cells, row) => (
            <tr key={row}>
              {cells.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
