import type { ReactNode } from 'react';

export interface ItemColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** Right-aligned (sizes, prices, counts). */
  numeric?: boolean;
  className?: string;
}

interface ItemTableProps<T extends { id: number }> {
  /** Read by screen readers: what the rows are ("Files of Fire Safety"). */
  caption: string;
  items: readonly T[];
  columns: readonly ItemColumn<T>[];
  /** The row's name in its buttons' labels ("Delete fire-plan.pdf"). */
  nameOf: (item: T) => string;
  /** The row's test hook (`data-product-file="fire-plan.pdf"`). */
  rowData: (item: T) => Record<`data-${string}`, string>;
  onEdit?: (item: T) => void;
  onDelete: (item: T) => void;
}

/**
 * The parts of one resource that a tab lists in full (a product's options, files, videos): a plain table with
 * an Edit and a Delete button per row. Lists the server pages and sorts are DataTable's.
 */
export function ItemTable<T extends { id: number }>({ caption, items, columns, nameOf, rowData, onEdit, onDelete }: ItemTableProps<T>) {
  return (
    <div className="table-wrap">
      <table className="table admin-table__table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? 'admin-table__numeric' : undefined}>
                {column.header}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} {...rowData(item)}>
              {columns.map((column) => (
                <td key={column.header} className={[column.numeric ? 'admin-table__numeric' : '', column.className ?? ''].join(' ').trim() || undefined}>
                  {column.cell(item)}
                </td>
              ))}
              <td className="item-table__actions">
                {onEdit && (
                  <button type="button" className="button button--secondary button--small" onClick={() => onEdit(item)} aria-label={`Edit ${nameOf(item)}`}>
                    Edit
                  </button>
                )}
                <button type="button" className="button button--danger-ghost button--small" onClick={() => onDelete(item)} aria-label={`Delete ${nameOf(item)}`}>
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
