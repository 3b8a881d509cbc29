/**
 * What the list shows — its search and filters, every page — as CSV for a spreadsheet: a plain link, since the
 * session cookie goes with it.
 */
export function CsvDownload({ href }: { href: string }) {
  return (
    <a className="button button--secondary" href={href} download data-admin-csv="">
      Download CSV
    </a>
  );
}
