import type { ReactNode } from "react";
import { FilterTabs } from "~/components/admin/FilterTabs";
import { Pager } from "~/components/admin/Pager";
import { PageHeading } from "~/components/shell/Page";

/**
 * A console list page: its heading, the status filter as links, a table of one row an item (or the empty line) and the
 * pager, which keeps the filter. Plain links and markup: works without JavaScript.
 */
export function ConsoleList<S extends string, T>({
  title,
  description,
  path,
  filter,
  columns,
  empty,
  testId,
  items,
  row,
  page,
  pageSize,
  total,
}: {
  title: string;
  description: string;
  path: string;
  filter: { label: string; values: readonly S[]; current: S; name: (value: S) => string };
  /** The column headings, in order. */
  columns: readonly string[];
  empty: string;
  /** The table's `data-testid`. */
  testId: string;
  items: readonly T[];
  /** One `<tr>` for an item. */
  row: (item: T) => ReactNode;
  page: number;
  pageSize: number;
  total: number;
}) {
  return (
    <main>
      <PageHeading title={title} description={description} />
      <FilterTabs label={filter.label} path={path} values={filter.values} current={filter.current} name={filter.name} />
      {items.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600">{empty}</p>
      ) : (
        <div className="mt-6 scroll-fade-x rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" data-testid={testId}>
            <thead className="bg-slate-50 text-slate-500">
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{items.map(row)}</tbody>
          </table>
        </div>
      )}
      <Pager
        page={page}
        pageSize={pageSize}
        total={total}
        link={(p) => `?${new URLSearchParams({ status: filter.current, page: String(p) })}`}
      />
    </main>
  );
}
