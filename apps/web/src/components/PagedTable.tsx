import { Table, type TableProps } from 'antd';

/**
 * A table for lists that can run long: `pageSize` rows a page (20 unless told), and no pager
 * while every row fits on one page. Small unless `size` says otherwise.
 */
export function PagedTable<Row extends object>({
  pageSize = 20,
  ...table
}: TableProps<Row> & { pageSize?: number }) {
  return <Table<Row> size="small" pagination={{ pageSize, hideOnSinglePage: true }} {...table} />;
}
