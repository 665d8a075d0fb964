/**
 * The few DOM helpers the tables share: find a part of the page, make a cell, make a row.
 */

/**
 * The element matching `selector` under `root`.
 *
 * @throws Error when the page has no such element (the HTML and the script disagree).
 * @example
 * ```ts
 * const tbody = part(document, '#balances tbody');
 * ```
 */
export function part(root: ParentNode, selector: string): HTMLElement {
  const found = root.querySelector<HTMLElement>(selector);
  if (found === null) throw new Error(`the page has no ${selector}`);
  return found;
}

/** Extras of a cell. */
export interface CellOptions {
  /** `data-field`, so a cell can be found by what it shows. */
  readonly field?: string;
  readonly className?: string;
  /** Tooltip (e.g. the full value of a shortened one). */
  readonly title?: string;
  /** `data-label`: the cell's column name, shown beside its value where the table is laid out as cards (narrow screens). */
  readonly label?: string;
}

/**
 * A table cell showing `text`.
 *
 * @example
 * ```ts
 * cell('25000', { field: 'free', className: 'number' });
 * ```
 */
export function cell(text: string, options: CellOptions = {}): HTMLTableCellElement {
  const td = document.createElement('td');
  td.textContent = text;
  if (options.field !== undefined) td.dataset['field'] = options.field;
  if (options.className !== undefined) td.className = options.className;
  if (options.title !== undefined) td.title = options.title;
  if (options.label !== undefined) td.dataset['label'] = options.label;
  return td;
}

/**
 * A table row with `data-*` attributes; `flash` highlights it briefly (it just changed).
 *
 * @example
 * ```ts
 * row({ asset: 'USDT' }, [cell('USDT')], true); // <tr data-asset="USDT" class="flash">
 * ```
 */
export function row(data: Readonly<Record<string, string>>, cells: readonly HTMLTableCellElement[], flash: boolean): HTMLTableRowElement {
  const tr = document.createElement('tr');
  for (const [key, value] of Object.entries(data)) tr.dataset[key] = value;
  if (flash) tr.className = 'flash';
  tr.append(...cells);
  return tr;
}
